import { useId, useState } from "react";
import { ACCEPTED_UPLOADS, uploadFile, uploadProblem } from "../../../lib/upload.ts";

/** A file input that sends the chosen photo or PDF to a REST upload path at once. */
export function AttachFile({ path, label, onDone }: { path: string; label: string; onDone: () => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mt-2 text-sm">
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPTED_UPLOADS}
        disabled={busy}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          const refused = uploadProblem(file);
          if (refused || !file) return setProblem(refused);
          setBusy(true);
          setProblem(null);
          try {
            await uploadFile(path, file);
            onDone();
          } catch (error) {
            setProblem(error instanceof Error ? error.message : "The upload failed.");
          } finally {
            setBusy(false);
            e.target.value = "";
          }
        }}
      />
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

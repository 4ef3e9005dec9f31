import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useWhoami } from "../../lib/whoami.ts";
import { ApplicationForm, type SubmittedApplication } from "./ApplicationForm.tsx";
import { ApplicationSubmitted } from "./ApplicationSubmitted.tsx";

/**
 * The application flow on the landing page: the form, then the submitted screen with the
 * agreement. An application in progress (the server's applicant session) is picked up again
 * after a reload.
 */
export function ApplySection() {
  const navigate = useNavigate();
  const whoami = useWhoami();
  const [submitted, setSubmitted] = useState<SubmittedApplication | null>(null);
  const [editing, setEditing] = useState(false);
  // Once shown, the application stays on screen after signing, when the server no longer calls
  // this browser an applicant (the confirmation and its next step must not unmount).
  const [resumedId, setResumedId] = useState<string | null>(null);
  const serverId = whoami.data?.application_id ?? null;
  useEffect(() => {
    if (serverId) setResumedId(serverId);
  }, [serverId]);
  const applicationId = editing ? null : (submitted?.applicationId ?? serverId ?? resumedId);

  const onContinue = useCallback(() => {
    setSubmitted(null);
    setResumedId(null);
    setEditing(false);
    navigate("/basic-portal");
  }, [navigate]);

  if (applicationId) {
    return (
      <ApplicationSubmitted
        key={applicationId}
        applicationId={applicationId}
        onEdit={() => setEditing(true)}
        onContinue={onContinue}
      />
    );
  }
  return (
    <ApplicationForm
      key={submitted ? "edit" : "new"}
      initial={submitted?.form}
      onSubmitted={(result) => {
        setEditing(false);
        setSubmitted(result);
        document.getElementById("apply")?.scrollIntoView({ behavior: "smooth" });
      }}
    />
  );
}

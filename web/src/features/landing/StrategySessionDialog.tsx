import * as Dialog from "@radix-ui/react-dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { STRATEGY_SESSION_MINUTES } from "@shared/content.ts";
import { strategySessionMessages, ZStrategySessionRequestSchema } from "@shared/strategy-session.ts";
import { Button } from "../../components/Button.tsx";
import { Field, fieldNote, inputClass } from "../../components/FormField.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../trpc.ts";

type FormInput = z.input<typeof ZStrategySessionRequestSchema>;
type FormOutput = z.output<typeof ZStrategySessionRequestSchema>;

export const STRATEGY_BUTTON_LABEL = `Book a Free ${STRATEGY_SESSION_MINUTES}-Minute Strategy Session`;

/** The demo page's booking button and its request form; the request is stored and emailed to support. */
export function StrategySessionDialog() {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const request = trpc.public.landing.requestStrategySession.useMutation();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZStrategySessionRequestSchema),
    defaultValues: { name: "", email: "", phone: "", preferred_time: "", message: "" },
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setDone(false);
      setFailure(null);
      reset();
    }
  };

  const onValid = async (values: FormOutput) => {
    setFailure(null);
    try {
      await request.mutateAsync(values);
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error, "Failed to send your request. Please try again."));
    }
  };

  const field = (name: keyof FormInput, label: string, props: Record<string, unknown> = {}) => {
    const id = `${uid}-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error}>
        <input
          id={id}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNote(id, error)}
          {...props}
          {...register(name)}
        />
      </Field>
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="accent" className="text-lg">{STRATEGY_BUTTON_LABEL}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold text-slate-900">{`Book a ${STRATEGY_SESSION_MINUTES}-minute strategy session`}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">
            A free call with our team about your properties and which membership fits. Tell us how to reach you.
          </Dialog.Description>
          {done ? (
            <div className="mt-6">
              <p role="status" className="rounded-lg bg-green-50 p-4 text-green-800">{strategySessionMessages.received}</p>
              <div className="mt-6 flex justify-end">
                <Dialog.Close asChild>
                  <Button>Close</Button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form className="mt-6 space-y-4" noValidate onSubmit={handleSubmit(onValid)}>
              {field("name", "Your name", { autoComplete: "name" })}
              {field("email", "Email", { type: "email", autoComplete: "email" })}
              {field("phone", "Phone (optional)", { type: "tel", autoComplete: "tel" })}
              {field("preferred_time", "Preferred days and times (optional)", { placeholder: "e.g. weekday mornings" })}
              <Field id={`${uid}-message`} label="What would you like to discuss? (optional)">
                <textarea id={`${uid}-message`} rows={3} className={inputClass} {...register("message")} />
              </Field>
              {failure && <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">{failure}</p>}
              <div className="flex justify-end gap-3 pt-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Sending..." : "Request Session"}</Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

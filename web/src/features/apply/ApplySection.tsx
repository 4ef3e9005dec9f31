import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useWhoami } from "../../lib/whoami.ts";
import { trpc } from "../../trpc.ts";
import { ApplicationForm, type SubmittedApplication } from "./ApplicationForm.tsx";
import { ApplicationSubmitted, type CorrectableApplication } from "./ApplicationSubmitted.tsx";

/**
 * The application flow on the landing page: the form, then the submitted screen with the
 * agreement. An application in progress (the server's applicant session) is picked up again
 * after a reload, or when the visitor comes back later in the same browser.
 */
export function ApplySection() {
  const navigate = useNavigate();
  const whoami = useWhoami();
  const utils = trpc.useUtils();
  const [submitted, setSubmitted] = useState<SubmittedApplication | null>(null);
  // The application being corrected: the form opens filled in with it.
  const [editing, setEditing] = useState<CorrectableApplication | null>(null);
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
    setEditing(null);
    navigate("/basic-portal");
  }, [navigate]);

  if (applicationId) {
    return (
      <ApplicationSubmitted
        key={applicationId}
        applicationId={applicationId}
        onEdit={(application) => setEditing(application)}
        onContinue={onContinue}
      />
    );
  }
  return (
    <ApplicationForm
      key={editing ? `edit-${editing.application_id}` : submitted ? "edit" : "new"}
      initial={editing ? formValuesOf(editing) : submitted?.form}
      onSubmitted={(result) => {
        // The corrected application is shown as the server now has it: the cached one (old name,
        // old level, the agreement made from them) is dropped, never signed.
        utils.public.membership.application.reset({ applicationId: result.applicationId });
        setEditing(null);
        setSubmitted(result);
        document.getElementById("apply")?.scrollIntoView({ behavior: "smooth" });
      }}
    />
  );
}

/** The form's values for an application the server describes (the consents were given when applying). */
function formValuesOf(application: CorrectableApplication): NonNullable<Parameters<typeof ApplicationForm>[0]["initial"]> {
  return {
    first_name: application.first_name,
    last_name: application.last_name,
    email: application.email,
    phone: application.phone,
    membership_level: application.membership_level,
    property_management_status: application.property_management_status,
    license_status: application.license_status,
    specialty_skills: application.specialty_skills,
    other_specialty: application.other_specialty,
    message: application.message,
    agree_to_terms: true,
    acknowledged_pma: true,
  } as NonNullable<Parameters<typeof ApplicationForm>[0]["initial"]>;
}

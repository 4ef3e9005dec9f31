import * as Dialog from "@radix-ui/react-dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ZIntroductionRequestSchema, ZSkillsProfileSchema } from "@shared/account-schema.ts";
import { SPECIALTY_SKILLS, type SpecialtySkill } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { LoadError } from "./LoadError.tsx";

type Profile = RouterOutputs["member"]["skills"]["profile"];

/** SPEC.md 2, tab 2: the skills network with real member counts, Connect, and the member's own profile. */
export function SkillsTab() {
  const counts = trpc.member.skills.counts.useQuery();
  const profile = trpc.member.skills.profile.useQuery();
  const [connectSkill, setConnectSkill] = useState<SpecialtySkill | null>(null);
  // The Connect button that opened the dialog gets focus back when it closes.
  const connectButtons = useRef(new Map<SpecialtySkill, HTMLButtonElement>());
  const lastConnect = useRef<SpecialtySkill | null>(null);
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState(false);

  return (
    <div className="space-y-6">
      <section className="flex flex-col gap-3 rounded-xl bg-gradient-to-r from-green-700 to-emerald-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="text-xl font-bold">Skills Network</h3>
          <p className="mt-1 text-green-50">
            Find tradespeople among your fellow members, and offer your own skills to landlords who need them.
          </p>
        </div>
        <span className="self-start rounded-full bg-white px-3 py-1 text-sm font-semibold text-green-800 sm:self-center">
          FREE with Basic Membership
        </span>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="skills-list-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
          <h3 id="skills-list-heading" className="text-lg font-semibold text-slate-900">
            Specialty Skills
          </h3>
          {counts.isError ? (
            <div className="mt-4">
              <LoadError what="the skills network" error={counts.error} onRetry={() => void counts.refetch()} />
            </div>
          ) : (
            <>
            {counts.data && counts.data.every((c) => c.member_count === 0) && (
              <div className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
                <p className="font-semibold">No member is listed in the skills network yet.</p>
                <p className="mt-1">Be the first: add the trades you offer and choose to be listed, and members who need them can find you.</p>
                <Button className="mt-3 px-3 py-1.5 text-sm" disabled={!profile.data} onClick={() => setEditing(true)}>
                  Be the First to List Your Skills
                </Button>
              </div>
            )}
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {(counts.data ?? SPECIALTY_SKILLS.map((skill) => ({ skill, member_count: null }))).map(({ skill, member_count }) => (
                <li key={skill} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
                  <div>
                    <p className="font-medium text-slate-900">{skill}</p>
                    <p className="text-sm text-slate-600">
                      {member_count === null ? "…" : `${member_count} ${member_count === 1 ? "member" : "members"}`}
                    </p>
                  </div>
                  <Button variant="secondary" className="px-3 py-1.5 text-sm" aria-label={`Connect with ${skill} members`}
                    ref={(el) => {
                      if (el) connectButtons.current.set(skill, el);
                    }}
                    onClick={() => {
                      lastConnect.current = skill;
                      setConnectSkill(skill);
                    }}
                  >
                    Connect
                  </Button>
                </li>
              ))}
            </ul>
            </>
          )}
        </section>

        <div className="space-y-6">
          <section aria-labelledby="your-skills-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 id="your-skills-heading" className="text-lg font-semibold text-slate-900">
              Your Skills Profile
            </h3>
            <p className="mt-2 text-sm text-slate-600">
              {profile.data && profile.data.specialty_skills.length > 0
                ? `You list ${profile.data.specialty_skills.length} ${profile.data.specialty_skills.length === 1 ? "skill" : "skills"}${profile.data.skills_listed ? " and members can contact you." : ", visible only to you."}`
                : "Add the trades you offer so members who need them can find you."}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <PortalDialog
                title="Your Skills"
                description="Choose the trades you offer. Members see them only if you choose to be listed."
                open={editing && !!profile.data}
                onOpenChange={setEditing}
                trigger={<Button disabled={!profile.data}>Add Your Skills</Button>}
              >
                {profile.data && <EditProfileForm profile={profile.data} onClose={() => setEditing(false)} />}
              </PortalDialog>
              <PortalDialog
                title="Your Skills Profile"
                description="This is what members see when you are listed."
                open={viewing && !!profile.data}
                onOpenChange={setViewing}
                trigger={
                  <Button variant="secondary" disabled={!profile.data}>
                    View Your Profile
                  </Button>
                }
              >
                {profile.data && (
                  <ProfileView
                    profile={profile.data}
                    onClose={() => setViewing(false)}
                    onEdit={() => {
                      setViewing(false);
                      setEditing(true);
                    }}
                  />
                )}
              </PortalDialog>
            </div>
          </section>

          <section aria-labelledby="how-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 id="how-heading" className="text-lg font-semibold text-slate-900">
              How the Skills Network Works
            </h3>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
              <li>Browse the skills and see how many members offer each one.</li>
              <li>Connect privately: send a member an introduction through member messaging. They answer you by email.</li>
              <li>Agree on the work between you: every job is a private contract between members.</li>
            </ol>
          </section>

          <section aria-labelledby="network-benefits-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 id="network-benefits-heading" className="text-lg font-semibold text-slate-900">
              Why Use the Network
            </h3>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>Tradespeople who work with landlords every day</li>
              <li>Your email stays private until you write to someone</li>
              <li>Contractors get work from property owners near them</li>
              <li>No fees: members contract directly</li>
            </ul>
          </section>
        </div>
      </div>

      <PortalDialog
        title={`Members offering ${connectSkill ?? ""}`}
        description="Send a member a private introduction. They get your name, email and message, and answer you by email."
        open={connectSkill !== null}
        onOpenChange={(open) => !open && setConnectSkill(null)}
        onCloseAutoFocus={(event) => {
          const button = lastConnect.current && connectButtons.current.get(lastConnect.current);
          if (button) {
            event.preventDefault();
            button.focus();
          }
        }}
      >
        {connectSkill && <ConnectPanel key={connectSkill} skill={connectSkill} onClose={() => setConnectSkill(null)} />}
      </PortalDialog>
    </div>
  );
}

function PortalDialog({
  title,
  description,
  open,
  onOpenChange,
  trigger,
  onCloseAutoFocus,
  children,
}: {
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-40 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <div className="mt-4">{children}</div>
          <Dialog.Close className="absolute right-3 top-3 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
            <span aria-hidden>✕</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type ProfileInput = z.input<typeof ZSkillsProfileSchema>;
type ProfileOutput = z.output<typeof ZSkillsProfileSchema>;

function EditProfileForm({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const utils = trpc.useUtils();
  const bioId = useId();
  const otherId = useId();
  const save = trpc.member.skills.updateProfile.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.member.skills.counts.invalidate(), utils.member.skills.profile.invalidate(), utils.member.skills.membersWithSkill.invalidate()]);
      onClose();
    },
  });
  const { register, handleSubmit, formState: { errors } } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(ZSkillsProfileSchema),
    defaultValues: {
      specialty_skills: profile.specialty_skills,
      other_specialty: profile.other_specialty,
      skills_bio: profile.skills_bio,
      skills_listed: profile.skills_listed,
    },
  });
  return (
      <form onSubmit={handleSubmit((values) => save.mutate(values))} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Specialty skills</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {SPECIALTY_SKILLS.map((skill) => (
              <label key={skill} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" value={skill} {...register("specialty_skills")} className="h-4 w-4 rounded border-slate-300" />
                {skill}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={otherId} className="block text-sm font-medium text-slate-800">
            Other specialty
          </label>
          <input id={otherId} {...register("other_specialty")} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
        </div>
        <div>
          <label htmlFor={bioId} className="block text-sm font-medium text-slate-800">
            Short introduction
          </label>
          <textarea
            id={bioId}
            rows={3}
            {...register("skills_bio")}
            aria-invalid={errors.skills_bio ? true : undefined}
            placeholder="Licensed plumber serving Cook County; 15 years with multi-unit buildings."
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {errors.skills_bio && <p className="mt-1 text-sm text-red-700">{errors.skills_bio.message}</p>}
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register("skills_listed")} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          <span>
            List me in the skills network so members can send me introductions
            <span className="block text-xs text-slate-500">
              Listed trades also open your listing in the contractor directory: once the association verifies your licence and insurance, owners are
              offered you on their maintenance requests.
            </span>
          </span>
        </label>
        {save.isError && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(save.error, "Your skills could not be saved. Please try again.")}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Skills"}
          </Button>
        </div>
      </form>
  );
}

function ProfileView({ profile, onClose, onEdit }: { profile: Profile; onClose: () => void; onEdit: () => void }) {
  return (
    <>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-800">Name shown</dt>
          <dd className="text-slate-700">{profile.display_name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Skills</dt>
          <dd className="text-slate-700">
            {profile.specialty_skills.length ? profile.specialty_skills.join(", ") : "No skills added yet"}
            {profile.other_specialty && ` · ${profile.other_specialty}`}
          </dd>
        </div>
        {profile.license_status && (
          <div>
            <dt className="font-medium text-slate-800">License</dt>
            <dd className="text-slate-700">{profile.license_status}</dd>
          </div>
        )}
        <div>
          <dt className="font-medium text-slate-800">Introduction</dt>
          <dd className="text-slate-700">{profile.skills_bio || "None yet"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Listed in the network</dt>
          <dd className="text-slate-700">{profile.skills_listed ? "Yes, members can contact you" : "No, only you see this profile"}</dd>
        </div>
      </dl>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onEdit}>Edit Profile</Button>
      </div>
    </>
  );
}

function ConnectPanel({ skill, onClose }: { skill: SpecialtySkill; onClose: () => void }) {
  const list = trpc.member.skills.membersWithSkill.useQuery({ skill });
  const [recipient, setRecipient] = useState<{ id: string; display_name: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  return (
    <>
      {sent ? (
        <div>
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800">
            {sent}
          </p>
          <div className="mt-4 flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : recipient ? (
        <IntroductionForm skill={skill} recipient={recipient} onBack={() => setRecipient(null)} onSent={setSent} />
      ) : list.isError ? (
        <LoadError what="the members" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading members...
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          No member offering {skill} has chosen to be listed yet. If you offer it yourself, be the first: add it in Your Skills
          Profile and choose to be listed.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.data.map((m) => (
            <li key={m.id} className="flex items-start justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{m.display_name}</p>
                <p className="text-xs text-slate-500">
                  {m.specialty_skills.join(", ")}
                  {m.license_status ? ` · ${m.license_status}` : ""}
                </p>
                {m.skills_bio && <p className="mt-1 text-sm text-slate-700">{m.skills_bio}</p>}
              </div>
              <Button className="shrink-0 px-3 py-1.5 text-sm" aria-label={`Contact ${m.display_name}`} onClick={() => setRecipient(m)}>
                Contact
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type IntroInput = z.input<typeof ZIntroductionRequestSchema>;

function IntroductionForm({
  skill,
  recipient,
  onBack,
  onSent,
}: {
  skill: SpecialtySkill;
  recipient: { id: string; display_name: string };
  onBack: () => void;
  onSent: (message: string) => void;
}) {
  const messageId = useId();
  const errorId = useId();
  const send = trpc.member.skills.sendIntroduction.useMutation({ onSuccess: (answer) => onSent(answer.message) });
  const { register, handleSubmit, formState: { errors } } = useForm<IntroInput>({
    resolver: zodResolver(ZIntroductionRequestSchema),
    defaultValues: { member_id: recipient.id, skill, message: "" },
  });
  return (
    <form onSubmit={handleSubmit((values) => send.mutate(values))} className="space-y-3">
      <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
        Message to {recipient.display_name}
      </label>
      <textarea
        id={messageId}
        rows={5}
        {...register("message")}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? errorId : undefined}
        placeholder="What do you need, where, and when?"
        className="w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      {errors.message && (
        <p id={errorId} className="text-sm text-red-700">
          {errors.message.message}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {errorMessage(send.error, "Your introduction could not be sent. Please try again.")}
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Introduction"}
        </Button>
      </div>
    </form>
  );
}

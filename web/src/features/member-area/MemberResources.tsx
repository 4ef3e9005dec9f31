import * as Tabs from "@radix-ui/react-tabs";
import { AccountTab } from "../portal/AccountTab.tsx";
import { DocumentsTab } from "../portal/DocumentsTab.tsx";
import { EducationTab } from "../portal/EducationTab.tsx";
import { SkillsTab } from "../portal/SkillsTab.tsx";
import type { MemberInfo } from "../portal/types.ts";
import { YourCommunity } from "../community/YourCommunity.tsx";

const TABS = [
  { value: "documents", label: "Documents & Forms" },
  { value: "skills", label: "Skills Network" },
  { value: "education", label: "Educational Resources" },
  { value: "account", label: "Account Info" },
] as const;

/** What every member has (SPEC.md 2 "Basic Member Portal"): the community, documents, skills network, education, account. */
export function MemberResources({ member }: { member: MemberInfo }) {
  return (
    <>
      <YourCommunity />
      <Tabs.Root defaultValue="documents">
        <Tabs.List aria-label="Member portal sections" className="grid grid-cols-2 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200 md:flex">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="flex-1 rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-600 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="documents" className="mt-6 focus-visible:outline-none">
          <DocumentsTab email={member.email} level={member.membership_level} unpaid={member.status === "awaiting_payment"} />
        </Tabs.Content>
        <Tabs.Content value="skills" className="mt-6 focus-visible:outline-none">
          <SkillsTab />
        </Tabs.Content>
        <Tabs.Content value="education" className="mt-6 focus-visible:outline-none">
          <EducationTab member={member} />
        </Tabs.Content>
        <Tabs.Content value="account" className="mt-6 focus-visible:outline-none">
          <AccountTab member={member} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

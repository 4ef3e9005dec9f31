import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";
import { DirectoryTab } from "./DirectoryTab.tsx";
import { ForumTab } from "./ForumTab.tsx";
import { UpdatesTab } from "./UpdatesTab.tsx";
import { WebinarsTab } from "./WebinarsTab.tsx";

const SECTIONS = [
  { value: "updates", label: "Legal Updates", Panel: UpdatesTab },
  { value: "webinars", label: "Webinars", Panel: WebinarsTab },
  { value: "forum", label: "Forum", Panel: ForumTab },
  { value: "directory", label: "Directory", Panel: DirectoryTab },
] as const;

/** The community's admin work (COMMUNITY.md): write updates, run webinars, moderate the forum, verify contractors. */
export function CommunityTab() {
  const [section, setSection] = useState<string>("updates");
  return (
    <Tabs.Root value={section} onValueChange={setSection}>
      <Tabs.List aria-label="Community sections" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {SECTIONS.map((s) => (
          <Tabs.Trigger
            key={s.value}
            value={s.value}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-white data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
          >
            {s.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {SECTIONS.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value} className="pt-6 focus:outline-none">
          <Panel />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

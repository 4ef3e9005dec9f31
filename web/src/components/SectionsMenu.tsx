import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment } from "react";
import { matchPath, useLocation, useNavigate } from "react-router-dom";
import { buttonClass } from "./Button.tsx";
import { ChevronDown } from "./chrome.tsx";

export interface SectionLink {
  to: string;
  label: string;
  end?: boolean;
}

const itemClass =
  "flex cursor-pointer select-none rounded-md px-3 py-2.5 text-base text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800";

/** The section a path is in: the longest link that matches it (an `end` link only exactly). */
export function currentSection(groups: readonly (readonly SectionLink[])[], pathname: string): SectionLink | undefined {
  return groups
    .flat()
    .filter((link) => matchPath({ path: link.to, end: link.end ?? false }, pathname))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/**
 * A portal's sections as one compact menu (phones): a button that names the section shown, and a
 * menu of every section, grouped. Wider screens show the same links as a row of tabs instead.
 */
export function SectionsMenu({ label, groups, className = "" }: { label: string; groups: readonly { name?: string; links: readonly SectionLink[] }[]; className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = currentSection(
    groups.map((g) => g.links),
    pathname,
  );
  return (
    <div className={className}>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonClass("secondary", "w-full justify-between text-sm data-[state=open]:bg-slate-100")}>
          <span className="truncate">
            <span className="text-slate-500">{label}: </span>
            {current?.label ?? "Choose"}
          </span>
          <ChevronDown className="h-4 w-4 shrink-0" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            className="z-50 max-h-[70vh] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            {groups.map((group, i) => (
              <Fragment key={group.name ?? i}>
                {i > 0 && <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />}
                {group.name && <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.name}</DropdownMenu.Label>}
                {group.links.map((link) => (
                  <DropdownMenu.Item
                    key={link.to}
                    className={itemClass}
                    aria-current={current?.to === link.to ? "page" : undefined}
                    onSelect={() => navigate(link.to)}
                  >
                    {link.label}
                  </DropdownMenu.Item>
                ))}
              </Fragment>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

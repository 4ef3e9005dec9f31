import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { MAX_BODY } from "@shared/community.ts";
import { inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";

// A post's text box that offers members to @mention as a handle is typed (decision 0086). The
// textarea keeps its textbox role (HTML allows no other on a textarea) and drives a listbox the
// way ARIA's list autocomplete does: aria-autocomplete, aria-controls, aria-activedescendant.

/** The "@jo" being typed just before the caret: the text after @ and where the @ stands. */
export function mentionBeingTyped(text: string, caret: number): { query: string; start: number } | null {
  const match = /(?:^|[^a-zA-Z0-9._@-])@([a-zA-Z0-9][a-zA-Z0-9._-]{0,29})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { query, start: caret - query.length - 1 };
}

/** What was typed, once the writer pauses: one lookup per pause rather than per key. */
function useSettled(value: string, ms = 150) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function MentionTextarea(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Where the post goes: only members who may read it are offered. */
  context: { topic_id: string } | { category_id: string };
  rows: number;
  required?: boolean;
  describedBy?: string;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const own = useRef<HTMLTextAreaElement>(null);
  const box = props.textareaRef ?? own;
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const nextCaret = useRef<number | null>(null);
  const typed = mentionBeingTyped(props.value, caret);
  const query = useSettled(typed?.query ?? "");
  const lookingUp = !!typed && query.length > 0;
  const lookup = trpc.member.forum.mentions.useQuery({ q: query, ...props.context }, { enabled: lookingUp, staleTime: 30_000, retry: false });
  const found = lookingUp && lookup.data && typed.query.toLowerCase().startsWith(query.toLowerCase()) ? lookup.data.members : [];
  // The list closes on Escape or when the box loses focus; the "no one" note stays (no layout shift under the pointer).
  const open = found.length > 0 && dismissedAt !== typed?.start;
  const noOne = lookingUp && lookup.isSuccess && query === typed.query && found.length === 0;

  useEffect(() => setActive(0), [query]);
  useLayoutEffect(() => {
    if (nextCaret.current === null || !box.current) return;
    box.current.setSelectionRange(nextCaret.current, nextCaret.current);
    setCaret(nextCaret.current);
    nextCaret.current = null;
  });

  const insert = (handle: string) => {
    if (!typed) return;
    const before = `${props.value.slice(0, typed.start)}@${handle} `;
    nextCaret.current = before.length;
    props.onChange(before + props.value.slice(caret).replace(/^[a-zA-Z0-9._-]*\s?/, ""));
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + found.length) % found.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      insert(found[Math.min(active, found.length - 1)]!.handle);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setDismissedAt(typed!.start);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative">
      <textarea
        id={props.id}
        ref={box}
        rows={props.rows}
        className={inputClass}
        value={props.value}
        maxLength={MAX_BODY}
        required={props.required}
        aria-describedby={props.describedBy}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(Math.min(active, found.length - 1)) : undefined}
        onChange={(e) => {
          setCaret(e.target.selectionStart);
          props.onChange(e.target.value);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => typed && setDismissedAt(typed.start)}
        onFocus={() => setDismissedAt(null)}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label="Members to mention" className="absolute left-0 right-0 z-20 mt-1 max-h-64 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {found.map((m, i) => (
            <li
              key={m.handle}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-100 text-brand-900" : "text-slate-800"}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => insert(m.handle)}
            >
              <span className="font-medium">{m.name}</span> <span className={i === active ? "text-brand-900" : "text-slate-600"}>@{m.handle}</span>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={noOne ? "mt-1 text-sm text-slate-600" : "sr-only"}>
        {open
          ? `${found.length} ${found.length === 1 ? "member matches" : "members match"}: up and down arrows choose, Enter inserts.`
          : noOne
            ? `No member who can read this goes by a name or handle starting with @${typed!.query}.`
            : ""}
      </p>
    </div>
  );
}

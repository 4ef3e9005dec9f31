import { Link, useSearchParams } from "react-router-dom";
import { FORUM_PAGE_SIZE } from "@shared/community.ts";
import { Button } from "../../../components/Button.tsx";
import { trpc } from "../../../trpc.ts";
import { CommunityLayout, Loading, QueryProblem } from "../CommunityLayout.tsx";
import { cardClass, chicago, PageLinks } from "../ui.tsx";

/** /community/notifications: mentions, replies and watched topics, newest first. */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const list = trpc.member.notifications.list.useQuery({ page }, { retry: false });
  const utils = trpc.useUtils();
  const markRead = trpc.member.notifications.markRead.useMutation({ onSuccess: () => utils.member.notifications.list.invalidate() });
  return (
    <CommunityLayout
      title="Notifications"
      actions={list.data && list.data.unread_count > 0 && <Button variant="secondary" onClick={() => markRead.mutate({})}>Mark all as read</Button>}
    >
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <QueryProblem error={list.error} what="notifications" onRetry={() => void list.refetch()} />
      ) : list.data.notifications.length === 0 ? (
        <p className={cardClass}>Nothing yet. Replies to your posts, mentions and topics you watch show up here.</p>
      ) : (
        <>
          <ul className={`${cardClass} divide-y divide-slate-100 p-0`}>
            {list.data.notifications.map((n) => (
              <li key={n.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                <Link to={`/community/t/${n.topic_id}?page=${Math.ceil((n.post_number ?? 1) / FORUM_PAGE_SIZE)}#post-${n.post_number ?? 1}`} className={`underline ${n.read ? "text-slate-600" : "font-semibold text-slate-900"}`}>
                  {n.read ? "" : <span className="sr-only">Unread: </span>}
                  {n.text}
                </Link>
                <span className="text-xs text-slate-500">{chicago.dateTime(n.created_at)}</span>
              </li>
            ))}
          </ul>
          <PageLinks label="Notification" page={page} pageSize={FORUM_PAGE_SIZE} total={list.data.total} onPage={(p) => setParams({ page: String(p) })} />
        </>
      )}
    </CommunityLayout>
  );
}

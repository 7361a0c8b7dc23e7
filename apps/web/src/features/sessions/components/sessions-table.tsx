import { Fragment, type KeyboardEvent, type MouseEvent } from 'react';
import { ActionIcon, Badge, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { TSession } from '@attend/shared';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { formatTimeRange } from '../../../lib/date-time';
import { ts } from '../i18n';
import type { SessionNode } from '../lib/session-tree';
import { SessionStatusBadge } from './session-status-badge';

type Props = {
  sessions: SessionNode[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onOpen: (session: TSession) => void;
  onSubSessions: (session: TSession) => void;
  onExport: (session: TSession) => void;
  onDelete: (session: TSession) => void;
  exportingId: number | null;
};

/** registered/max; a parent counts its sub-sessions' registrations too; 0 means unlimited. */
function participants(session: TSession, isParent: boolean): string {
  const registered = isParent ? session.current_participants_count : session.registered_count;
  const max = session.max_participants > 0 ? session.max_participants : ts('list.unlimited');
  const counts = `${registered}/${max}`;
  return session.waitlist_count > 0
    ? `${counts} · ${ts('list.waiting', { n: session.waitlist_count })}`
    : counts;
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
    >
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The sessions table (document 2 §2): sub-sessions nested under their parent, expandable, with
 * per-row actions; a row click opens the session. The scroll area takes at most 70% of the viewport.
 */
export function SessionsTable(props: Props) {
  const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

  const row = (session: TSession, node: SessionNode | null) => {
    const isSub = node === null;
    const hasSubs = !!node && node.sub_sessions.length > 0;
    const open = hasSubs && props.expanded.has(session.id);
    return (
      <Table.Tr
        key={session.id}
        data-testid={`session-row-${session.id}`}
        data-sub-session={isSub || undefined}
        tabIndex={0}
        style={{ cursor: 'pointer' }}
        onClick={() => props.onOpen(session)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) props.onOpen(session);
        }}
      >
        <Table.Td pl={isSub ? 48 : undefined}>
          <Group gap="xs" wrap="nowrap">
            {hasSubs && (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-expanded={open}
                aria-label={ts(open ? 'list.collapse' : 'list.expand', { name: session.name })}
                onClick={(e) => {
                  stop(e);
                  props.onToggle(session.id);
                }}
              >
                <Chevron open={open} />
              </ActionIcon>
            )}
            <div>
              <Group gap={6} wrap="nowrap">
                <Text fw={isSub ? 500 : 600}>{session.name}</Text>
                {hasSubs && node && (
                  <Badge
                    variant="outline"
                    color="blue.9"
                    size="sm"
                    miw="max-content"
                    data-testid="sub-session-count"
                  >
                    {ts('list.subCount', { count: node.sub_sessions.length })}
                  </Badge>
                )}
                {!session.is_active && (
                  <Badge variant="outline" color="gray.7" size="sm">
                    {ts('list.inactive')}
                  </Badge>
                )}
              </Group>
              {session.description && (
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {session.description}
                </Text>
              )}
            </div>
          </Group>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{formatTimeRange(session.start_time, session.end_time, session.time_zone)}</Text>
        </Table.Td>
        <Table.Td>{session.location}</Table.Td>
        <Table.Td data-testid="session-participants">{participants(session, hasSubs)}</Table.Td>
        <Table.Td>
          <SessionStatusBadge start={session.start_time} end={session.end_time} />
        </Table.Td>
        <Table.Td onClick={stop} onKeyDown={stop} style={{ cursor: 'default' }}>
          <Group gap={6} wrap="nowrap">
            <Button size="compact-sm" variant="default" onClick={() => props.onOpen(session)}>
              {ts('list.edit')}
            </Button>
            {!isSub && !hasSubs && !session.has_sub_sessions && (
              <Button size="compact-sm" variant="default" onClick={() => props.onSubSessions(session)}>
                {ts('list.subSessions')}
              </Button>
            )}
            {session.registered_count > 0 && (
              <Button
                size="compact-sm"
                variant="default"
                loading={props.exportingId === session.id}
                onClick={() => props.onExport(session)}
              >
                {ts('list.export')}
              </Button>
            )}
            <Button size="compact-sm" variant="outline" color="red.9" onClick={() => props.onDelete(session)}>
              {ts('list.delete')}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <ScrollArea.Autosize mah="70vh" type="auto" data-testid="sessions-scroll">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={960} stickyHeader>
        <Table.Caption>{ts('list.caption')}</Table.Caption>
        <TableHeader
          columns={[
            ts('list.col.name'),
            ts('list.col.time'),
            ts('list.col.location'),
            ts('list.col.participants'),
            ts('list.col.status'),
            ts('list.col.actions'),
          ]}
        />
        <Table.Tbody>
          {props.sessions.length === 0 && <EmptyTableRow colSpan={6}>{ts('list.empty')}</EmptyTableRow>}
          {props.sessions.map((node) => (
            <Fragment key={node.id}>
              {row(node, node)}
              {props.expanded.has(node.id) && node.sub_sessions.map((sub) => row(sub, null))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

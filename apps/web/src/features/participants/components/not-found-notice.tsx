import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NoticePage } from '../../../components/notice-page';

/** A missing event or participant: the message and a way back. */
export function NotFoundNotice({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <NoticePage title={title}>
      <Text>
        <Anchor component={Link} to={backTo} c="blue.9">
          {backLabel}
        </Anchor>
      </Text>
    </NoticePage>
  );
}

import { Notifications } from '@mantine/notifications';

/** The container every notice shows in (top right); loaded after the first screen. */
export default function NoticeHost() {
  return <Notifications position="top-right" />;
}

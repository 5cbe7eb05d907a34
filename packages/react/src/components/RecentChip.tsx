import { en } from '../copy/en.ts';

/** Marks the method that last logged a user in on this device. */
export function RecentChip() {
  return (
    <span className="lk-chip" data-testid="lk-recent-chip">
      {en.recent}
    </span>
  );
}

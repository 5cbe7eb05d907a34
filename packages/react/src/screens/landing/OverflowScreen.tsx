import { LoginSlotList, type LoginSlotListProps } from './LoginSlotList.tsx';

/** The methods that did not fit on the landing screen. */
export function OverflowScreen({
  titleId,
  title,
  ...slots
}: LoginSlotListProps & { titleId: string; title: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-overflow">
      <h2 id={titleId} tabIndex={-1}>
        {title}
      </h2>
      <LoginSlotList {...slots} />
    </section>
  );
}

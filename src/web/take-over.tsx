import { Component, type ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';

/**
 * The server's markup of a page taken over a part at a time (main.tsx hydrates it; see
 * src/web/prerender/). Taken over at once, the home page was one task of some 70 ms on a phone's
 * main thread; each part wrapped in `<TakenOverLater>` is taken over in a task of its own after it,
 * and until then keeps the server's elements as they are. Outside a take-over (a page drawn from
 * nothing or drawn over) the parts draw at once, as any component.
 */

let takingOver = false;
let putOff = 0;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs `take` (the take-over's first draw), each part it meets put off to a task of its own; resolves
 * once every part has been taken over.
 */
export function takeOverInTurns(take: () => void): Promise<void> {
  takingOver = true;
  putOff = 0;
  try {
    take();
  } finally {
    takingOver = false;
  }
  // Timers of one delay run in the order they were set: this one after every part's.
  return putOff === 0 ? Promise.resolve() : nextTask();
}

/** A part met during a take-over: its first draw waits for a task of its own (a thrown promise, as a lazy component's). */
class Turn extends Component<{ children: ComponentChildren }> {
  private turn: Promise<void> | null = null;

  constructor(props: { children: ComponentChildren }) {
    super(props);
    if (takingOver) {
      putOff++;
      this.turn = nextTask();
    }
  }

  render() {
    const turn = this.turn;
    if (turn) {
      // The Suspense around it keeps the server's element meanwhile, and takes it over when the turn comes.
      this.turn = null;
      throw turn;
    }
    return this.props.children;
  }
}

/**
 * A part of a page the take-over may put off. Its children draw exactly one element: the server's
 * element is kept whole while the part waits.
 */
export function TakenOverLater({ children }: { children: ComponentChildren }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

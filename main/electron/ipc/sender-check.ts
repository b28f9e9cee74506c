// Who may call the contract: the main frame of a trusted window, showing the app's own page. A subframe, a
// page that got in some other way, or a frame that is already gone is refused.
import { isAppUrl } from '../security/app-protocol.ts';

export interface InvokeSender {
  readonly sender: { readonly id: number };
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** Why the call must be refused, or undefined when the sender is trusted. */
export function senderProblem(event: InvokeSender, isTrusted: (contentsId: number) => boolean): string | undefined {
  if (!isTrusted(event.sender.id)) return 'the call did not come from a Vigil window';
  const frame = event.senderFrame;
  if (frame === null) return 'the calling frame has navigated away or closed';
  if (frame.parent !== null) return 'the call came from a subframe';
  if (!isAppUrl(frame.url)) return 'the calling page is not the Vigil app';
  return undefined;
}

// The server and item `vigil history` is about: every server asked at once for its items, the name or id looked up
// on each. Found on one server: that one (servers that could not be read are said on stderr). Found on several: one
// line naming them, to pick with --server. Found nowhere: one line, exit 3 when a server could not be read (it might
// hold the item), else 1.
import { CliError } from '../../common/cli/cli-error.ts';
import { assessSnapshot, type AssessOptions, type ItemAssessment } from '../core/health/index.ts';
import type { CliEnvironment } from './cli-environment.ts';
import { findItem, matchingItems } from './find-item.ts';
import { cannotTell } from './exit-codes.ts';
import { type Target } from './server-choice.ts';
import { askEach, connectTo, unreachable, type ServerConnection } from './server-connection.ts';
import { snapshotOf } from './server-poll.ts';

export interface LocatedItem {
  server: ServerConnection;
  item: ItemAssessment;
}

export async function locateItem(environment: CliEnvironment, targets: readonly Target[], wanted: string, options: AssessOptions): Promise<LocatedItem> {
  const answers = await askEach(targets, async (target) => {
    const server = await connectTo(environment, target);
    const snapshot = await snapshotOf(environment, server).catch((error: unknown) => {
      throw unreachable(target, error);
    });
    return { server, items: assessSnapshot(snapshot, options) };
  });
  const [only] = answers;
  if (answers.length === 1 && only !== undefined) {
    if (!only.ok) throw only.problem;
    return { server: only.value.server, item: findItem(only.value.items, wanted, only.target.name) };
  }
  const holding = answers.flatMap((answer) => (answer.ok && matchingItems(answer.value.items, wanted).length > 0 ? [answer.value] : []));
  const failed = answers.flatMap((answer) => (answer.ok ? [] : [answer.problem]));
  const [found] = holding;
  if (holding.length === 1 && found !== undefined) {
    for (const problem of failed) process.stderr.write(`${problem.message}\n`);
    return { server: found.server, item: findItem(found.items, wanted, found.server.target.name) };
  }
  if (holding.length > 1) {
    const names = holding.map((answer) => answer.server.target.name).join(', ');
    throw new CliError(`"${wanted}" names items on ${holding.length} servers (${names}): say which with --server NAME.`, 1);
  }
  const looked = answers.map((answer) => answer.target.name).join(', ');
  const nowhere = `No server has a monitor, heartbeat or domain named or with the id "${wanted}" (looked on ${looked}).`;
  throw new CliError([...failed.map((problem) => problem.message), nowhere].join('\n'), failed.length > 0 ? cannotTell : 1);
}

// What `vigil history` and `vigil events` say of a server that keeps no history and that the app has no record of.
import { CliError } from '../../common/cli/cli-error.ts';

export function noHistory(connectionName: string): CliError {
  return new CliError(
    `${connectionName} keeps no history (it does not offer Vigil's history extension), and the app has no record of it on this computer: the app records what it sees while it runs; \`vigil status\` shows the state now.`,
    1,
  );
}

// The client commands' exit codes, after the monitoring-plugins convention: 0 all fine, 1 warning, 2 critical (and
// a usage mistake, CliError's default), 3 cannot tell (UNKNOWN).
export const cannotTell = 3;

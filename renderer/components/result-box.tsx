// What a check answered ("Test connection", "Send test email"): a headline that says whether it worked (never
// the colour alone) and the answer's own words, in a live region that exists before the answer arrives so
// screen readers announce it.
export interface CheckResult {
  ok: boolean;
  message: string;
}

export interface ResultBoxProps {
  /** The region's name, e.g. "Connection test result". */
  label: string;
  result: CheckResult | undefined;
  okTitle: string;
  failedTitle: string;
}

export function ResultBox({ label, result, okTitle, failedTitle }: ResultBoxProps) {
  return (
    <div role="status" aria-label={label} className="result-region">
      {result !== undefined && (
        <p className={`form-result ${result.ok ? 'form-result-ok' : 'form-result-failed'}`}>
          <strong>{result.ok ? okTitle : failedTitle}</strong> {result.message}
        </p>
      )}
    </div>
  );
}

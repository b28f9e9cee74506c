// A form's submit button: it says what it does and, while that runs, that it is running (and cannot be pressed
// again).
export interface SubmitButtonProps {
  /** "Save token". */
  label: string;
  /** "Saving…". */
  runningLabel: string;
  running: boolean;
  /** A secondary action's look (a test, not a save). */
  quiet?: boolean;
}

export function SubmitButton({ label, runningLabel, running, quiet = false }: SubmitButtonProps) {
  return (
    <button type="submit" className={quiet ? 'button' : 'button button-primary'} disabled={running}>
      {running ? runningLabel : label}
    </button>
  );
}

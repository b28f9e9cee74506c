// A dialog's quick answers ("1 hour", "Until tomorrow", …): one button per choice, each acting at once.
export function ChoiceButtons<Choice extends { label: string }>({ choices, onChoose }: { choices: readonly Choice[]; onChoose: (choice: Choice) => void }) {
  return choices.map((choice) => (
    <button key={choice.label} type="button" className="button" onClick={() => onChoose(choice)}>
      {choice.label}
    </button>
  ));
}

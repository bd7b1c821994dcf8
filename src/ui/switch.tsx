export interface SwitchProps {
  /** Visible text and accessible name of the switch. */
  label: string;
  /** On or off (controlled). */
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** CSS part of the button; the track is `<part>-track`. */
  part?: string;
  /** Id of what describes it (aria-describedby: a count beside it), its label staying its name. */
  describedBy?: string;
}

/**
 * An on/off toggle (e.g. 'Show Unread Messages', 'Archived leads'): a native button with
 * role="switch" and aria-checked, so Space and Enter work without extra code and the state is
 * read as "on"/"off". The label sits inside the button, so the whole row is the target.
 */
export function Switch({ label, checked, onChange, disabled = false, part = 'switch', describedBy }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      className="lk-switch"
      part={part}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="lk-switch__label">{label}</span>
      <span className="lk-switch__track" part={`${part}-track`} aria-hidden="true">
        <span className="lk-switch__thumb" />
      </span>
    </button>
  );
}

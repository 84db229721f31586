/** A choice among the browser's microphones or cameras, with a visible label (before joining and in the meeting's toolbar). */
export function DeviceSelect(props: {
  kind: MediaDeviceKind;
  label: string;
  devices: MediaDeviceInfo[];
  value?: string;
  onChange: (id: string) => void;
  /** Distinguishes the ids of the selects before joining and in the toolbar. */
  idPrefix?: string;
  compact?: boolean;
}) {
  const options = props.devices.filter((d) => d.kind === props.kind && d.deviceId);
  if (options.length === 0) return null;
  const id = `${props.idPrefix ?? "device"}-${props.kind}`;
  return (
    <div className={props.compact ? "flex items-center gap-2" : "grid gap-1"}>
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value ?? ""}
        onChange={(e) => props.onChange(e.target.value)}
        className="max-w-[16rem] rounded-md border border-solid border-input bg-background p-2"
      >
        {options.map((d, i) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || `${props.label} ${i + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}

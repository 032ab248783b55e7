import { dataDateLines, recordFacts, type DataDates, type RecordInput } from '../../core/record-facts.ts';

/**
 * The carrier's FMCSA record in one line of facts under the profile header: USDOT status, operation,
 * hazmat and passenger flags, registration and the last MCS-150 update (flagged when overdue), then
 * how current the imported data is.
 */
export function RecordFacts({
  record,
  dates,
  today,
}: {
  record: RecordInput;
  dates: DataDates;
  today: string;
}) {
  const facts = recordFacts(record, today);
  const dateLines = dataDateLines(dates);
  const items: [label: string | null, value: string][] = [];
  if (facts.status) items.push(['USDOT status', facts.status]);
  if (facts.operation) items.push(['Operation', facts.operation]);
  if (facts.hazmat) items.push(['Hazmat', facts.hazmat]);
  if (facts.passenger) items.push(['Passenger carrier', facts.passenger]);
  if (facts.registered) items.push([null, facts.registered]);
  if (items.length === 0 && !facts.mcs150 && dateLines.length === 0) return null;
  return (
    <section className="record-facts" aria-label="FMCSA record">
      <ul>
        {items.map(([label, value]) => (
          <li key={label ?? value}>
            {label ? `${label}: ` : null}
            <strong>{value}</strong>
          </li>
        ))}
        {facts.mcs150 ? (
          <li>
            {facts.mcs150}
            {facts.mcs150Overdue ? (
              <>
                {' '}
                <span className="badge badge--overdue">overdue</span>
              </>
            ) : null}
          </li>
        ) : null}
      </ul>
      {dateLines.length > 0 ? <p className="record-facts__dates">{dateLines.join(' · ')}</p> : null}
    </section>
  );
}

/**
 * One change as a readable diff: records added and removed (their fields), and for each changed
 * record its key and every field that moved, from -> to.
 */
import type { MonitorChange, MonitorRecord } from '../../types';
import { when } from '../../ui';
import { plural } from '../../words';
import { keyInWords, valueInWords } from './schedule';

function RecordFields({ record }: { record: MonitorRecord }) {
  return (
    <dl className="record">
      {Object.entries(record).map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{valueInWords(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ChangeDiff({ change }: { change: MonitorChange }) {
  const summary = [
    change.added.length ? `${plural(change.added.length, 'record')} added` : '',
    change.removed.length ? `${plural(change.removed.length, 'record')} removed` : '',
    change.changed.length ? `${plural(change.changed.length, 'record')} changed` : '',
  ].filter(Boolean);
  return (
    <article className="card change" data-change={change.change_id}>
      <h3>
        {when(change.at)} <span className="muted small">{summary.join(', ') || 'no record moved'}</span>
      </h3>
      {change.added.length ? (
        <section className="diff-added" aria-label="Added">
          <h4>Added</h4>
          <ul>
            {change.added.map((r, i) => (
              <li key={i} data-testid="added">
                <span className="sign" aria-hidden="true">
                  +
                </span>
                <RecordFields record={r} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {change.removed.length ? (
        <section className="diff-removed" aria-label="Removed">
          <h4>Removed</h4>
          <ul>
            {change.removed.map((r, i) => (
              <li key={i} data-testid="removed">
                <span className="sign" aria-hidden="true">
                  −
                </span>
                <RecordFields record={r} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {change.changed.length ? (
        <section className="diff-changed" aria-label="Changed">
          <h4>Changed</h4>
          {change.changed.map((c, i) => (
            <table key={i} data-testid="changed">
              <caption>{keyInWords(c.key)}</caption>
              <thead>
                <tr>
                  <th>Field</th>
                  <th>From</th>
                  <th>To</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(c.fields).map(([field, d]) => (
                  <tr key={field} data-field={field}>
                    <th scope="row">{field}</th>
                    <td>
                      <del>{valueInWords(d.from)}</del>
                    </td>
                    <td>
                      <ins>{valueInWords(d.to)}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </section>
      ) : null}
    </article>
  );
}

/** How sure the builder is of each returned field (`field_confidence`, when the endpoint carries it). */
import type { EndpointDefinition } from '../../api';
import type { FieldConfidence } from '../../types';

const level = (score: number) => (score >= 0.8 ? 'high' : score >= 0.5 ? 'medium' : 'low');

function describe(c: FieldConfidence): string {
  const parts = [`confidence ${Math.round(c.score * 100)}%`];
  if (c.from) parts.push(`from ${c.from}`);
  if (typeof c.coverage === 'number') parts.push(`found on ${Math.round(c.coverage * 100)}% of pages`);
  if (typeof c.agreement === 'number') parts.push(`${Math.round(c.agreement * 100)}% agreement`);
  if (typeof c.pages === 'number') parts.push(`${c.pages} pages checked`);
  return parts.join(', ');
}

export function FieldConfidenceList({ endpoint }: { endpoint: EndpointDefinition }) {
  const raw = (endpoint as EndpointDefinition & { field_confidence?: unknown }).field_confidence;
  if (!raw || typeof raw !== 'object') return null;
  const entries = Object.entries(raw as Record<string, FieldConfidence>).filter(([, c]) => c && typeof c.score === 'number');
  if (!entries.length) return null;
  return (
    <p className="confidence" data-testid="field-confidence">
      <span className="muted small">Fields: </span>
      {entries.map(([name, c]) => (
        <span key={name} className={`badge conf-${level(c.score)}`} title={describe(c)} data-field={name}>
          {name} {Math.round(c.score * 100)}%
        </span>
      ))}
    </p>
  );
}

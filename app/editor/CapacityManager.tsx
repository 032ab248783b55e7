import { useId, useState, type FormEvent } from 'react';
import type { CapacityEntry } from '../blocks/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ApiError } from '../lib/api-client.ts';
import { formatCapacityDate } from '../../core/format.ts';
import {
  capacityFormFromEntry,
  capacityFormProblem,
  capacityRequest,
  EMPTY_CAPACITY_FORM,
  todayIsoDay,
  type CapacityFormValues,
} from './capacity-form.ts';
import { useEditorAction } from './editor-actions.ts';
import type { ProfileEditorContext } from './editor-context.ts';

/** The server's own reason when it gave one (spec: 'Error: {detail}'), else the spec's message. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? `Error: ${error.detail}` : fallback;
}

/**
 * The capacity board (owner-side section 2.5): the owner's entries with edit and delete, and one form
 * that adds or, after 'Edit', updates an entry. Changes go through the route's action; its
 * revalidation reads the entries and the public board of the previews again.
 */
export function CapacityManager({ editor }: { editor: ProfileEditorContext }) {
  const list = editor.capacity;
  const [form, setForm] = useState<CapacityFormValues>(EMPTY_CAPACITY_FORM);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CapacityEntry | null>(null);
  const headingId = useId();
  const formHeadingId = useId();
  const fieldId = useId();
  const mode = editingId === null ? 'add' : 'edit';

  const action = useEditorAction((result) => {
    const { change } = result;
    if (change.intent === 'save-capacity') {
      const adding = change.entryId === null;
      if (result.ok) {
        editor.notify({
          kind: 'success',
          text: adding ? 'Capacity entry added successfully!' : 'Capacity entry updated successfully!',
        });
        resetForm();
      } else {
        editor.notify({
          kind: 'error',
          text: failureText(
            result.error,
            adding
              ? 'Failed to add capacity entry. Please try again.'
              : 'Failed to update capacity entry. Please try again.',
          ),
        });
      }
    }
    if (change.intent === 'delete-capacity') {
      if (!result.ok) {
        editor.notify({ kind: 'error', text: 'Failed to delete capacity entry. Please try again.' });
        return;
      }
      if (editingId === change.entryId) resetForm();
      editor.notify({ kind: 'success', text: 'Capacity entry deleted successfully!' });
    }
  });

  const change = (changes: Partial<CapacityFormValues>) => setForm((current) => ({ ...current, ...changes }));

  function resetForm() {
    setForm(EMPTY_CAPACITY_FORM);
    setEditingId(null);
    setFormProblem(null);
  }

  function startEdit(entry: CapacityEntry) {
    setForm(capacityFormFromEntry(entry));
    setEditingId(entry.id);
    setFormProblem(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = capacityFormProblem(form, mode);
    setFormProblem(problem);
    if (problem) return;
    void action.submit({ intent: 'save-capacity', entryId: editingId, entry: capacityRequest(form) });
  }

  function remove(entry: CapacityEntry) {
    setDeleting(null);
    void action.submit({ intent: 'delete-capacity', entryId: entry.id });
  }

  return (
    <section className="capacity-manager card" aria-labelledby={headingId}>
      <h2 id={headingId}>Capacity Board</h2>
      <p className="muted">
        Trucks you have available, shown in the Capacity Board block of your profile. Past dates leave the
        public board on their own.
      </p>
      {list.status !== 'data' ? (
        <p className="alert alert--error" role="alert">
          Failed to load capacity data. Please try again later.
        </p>
      ) : list.value.length === 0 ? (
        <p className="muted">No capacity entries found.</p>
      ) : (
        <table className="capacity-table capacity-manager__table">
          <caption className="visually-hidden">Your capacity entries</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Trailer</th>
              <th scope="col">Origin</th>
              <th scope="col">Destination</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.value.map((entry) => {
              const name = `${entry.trailer} from ${entry.origin}, ${formatCapacityDate(entry.date)}`;
              return (
                <tr key={entry.id}>
                  <td>{formatCapacityDate(entry.date)}</td>
                  <td>{entry.trailer}</td>
                  <td>{entry.origin}</td>
                  <td>{entry.destination || '—'}</td>
                  <td className="button-row">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => startEdit(entry)}
                    >
                      Edit<span className="visually-hidden"> {name}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      onClick={() => setDeleting(entry)}
                    >
                      Delete<span className="visually-hidden"> {name}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <form className="capacity-form" noValidate onSubmit={submit} aria-labelledby={formHeadingId}>
        <h3 id={formHeadingId}>{mode === 'add' ? 'Add Capacity Entry' : 'Edit Capacity Entry'}</h3>
        <div className="capacity-form__fields">
          <div className="form-field">
            <label htmlFor={`${fieldId}-date`}>
              Date{form.anytime ? null : <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={`${fieldId}-date`}
              type="date"
              min={todayIsoDay()}
              value={form.date}
              required={!form.anytime}
              disabled={form.anytime}
              onChange={(event) => change({ date: event.target.value })}
            />
          </div>
          <div className="form-field form-field--inline capacity-form__anytime">
            <input
              id={`${fieldId}-anytime`}
              type="checkbox"
              checked={form.anytime}
              onChange={(event) =>
                change({ anytime: event.target.checked, date: event.target.checked ? '' : form.date })
              }
            />
            <label htmlFor={`${fieldId}-anytime`}>Available Anytime</label>
          </div>
          <div className="form-field">
            <label htmlFor={`${fieldId}-trailer`}>
              Trailer<span aria-hidden="true"> *</span>
            </label>
            <input
              id={`${fieldId}-trailer`}
              value={form.trailer}
              required
              maxLength={120}
              placeholder="Dry Van"
              onChange={(event) => change({ trailer: event.target.value })}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${fieldId}-origin`}>
              Origin<span aria-hidden="true"> *</span>
            </label>
            <input
              id={`${fieldId}-origin`}
              value={form.origin}
              required
              maxLength={120}
              placeholder="Dallas, TX"
              onChange={(event) => change({ origin: event.target.value })}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${fieldId}-destination`}>
              Destination{mode === 'edit' ? <span aria-hidden="true"> *</span> : null}
            </label>
            <input
              id={`${fieldId}-destination`}
              value={form.destination}
              required={mode === 'edit'}
              maxLength={120}
              placeholder="Chicago, IL"
              onChange={(event) => change({ destination: event.target.value })}
            />
          </div>
        </div>
        {formProblem ? (
          <p className="alert alert--error" role="alert">
            {formProblem}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={action.busy}>
            {mode === 'add' ? 'Add Entry' : 'Update Entry'}
          </button>
          {mode === 'edit' ? (
            <button type="button" className="button button--secondary" onClick={resetForm}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
      {deleting ? (
        <ConfirmDialog
          danger
          title="Delete this capacity entry?"
          message={`${deleting.trailer} from ${deleting.origin} (${formatCapacityDate(deleting.date)}) is removed from your capacity board.`}
          confirmLabel="Delete entry"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

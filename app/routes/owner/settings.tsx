import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Tabs, type TabDefinition } from '../../components/Tabs';
import { ToastMessage } from '../../components/ToastMessage';
import { ApiError, apiRequest } from '../../lib/api-client';
import { pageTitle } from '../../../core/site';
import { useHydrated } from '../../lib/use-hydrated';
import { useToast } from '../../lib/use-toast';
import { useSession } from '../../lib/use-session';
import type { SessionUser } from '../../lib/session';
import type { Route } from './+types/settings';
import type { OwnCompany } from '../../../core/contracts/companies';
import type { CompanyUser } from '../../../core/contracts/users';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Settings') },
  { name: 'robots', content: 'noindex' },
];

const na = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? 'N/A' : String(value);
const outOfFive = (value: number | null) => (value === null ? 'N/A' : `${value.toFixed(1)}/5.0`);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function CompanyInfo() {
  const [company, setCompany] = useState<OwnCompany | null | 'loading'>('loading');
  useEffect(() => {
    apiRequest<OwnCompany>('/api/v1/companies/me')
      .then(setCompany)
      .catch(() => setCompany(null));
  }, []);
  if (company === 'loading') return <p role="status">Loading company information...</p>;
  if (!company) return <p>No company information available.</p>;
  const { carrier_data: carrier, rating_summary: ratings } = company;
  const address: [string, string | null][] = [
    ['Street', carrier.phy_street],
    ['City', carrier.phy_city],
    ['State', carrier.phy_state],
    ['ZIP', carrier.phy_zip],
    ['County', company.phy_cnty],
  ];
  return (
    <div className="settings-grid">
      <section className="card">
        <h2>Basic Information</h2>
        <dl className="facts">
          <Fact label="Company name" value={na(company.company.name)} />
          <Fact label="DBA name" value={na(company.company.dba_name)} />
          <Fact label="DOT number" value={na(company.company.dot_number)} />
          <Fact label="MC number" value={na(company.company.mc_number)} />
          <Fact label="Power units" value={na(company.company.power_units)} />
          <Fact label="Status" value={company.company.claimed ? 'Claimed' : 'Unclaimed'} />
        </dl>
      </section>
      {company.officers.length > 0 ? (
        <section className="card">
          <h2>Company Officers</h2>
          <ul>
            {company.officers.map((officer) => (
              <li key={officer}>{officer}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card">
        <h2>Physical Address</h2>
        <dl className="facts">
          {address
            .filter(([, value]) => Boolean(value))
            .map(([label, value]) => (
              <Fact key={label} label={label} value={value ?? ''} />
            ))}
        </dl>
      </section>
      <section className="card">
        <h2>Carrier Information</h2>
        <dl className="facts">
          <Fact label="Carrier operation" value={na(carrier.carrier_operation)} />
          <Fact label="Status code" value={na(carrier.status_code)} />
        </dl>
      </section>
      <section className="card">
        <h2>Rating Summary</h2>
        <dl className="facts">
          <Fact label="Overall" value={outOfFive(ratings.overall_rating)} />
          <Fact label="On-time" value={outOfFive(ratings.avg_on_time)} />
          <Fact label="Communication" value={outOfFive(ratings.avg_communication)} />
          <Fact label="Service" value={outOfFive(ratings.avg_service)} />
          <Fact label="Total ratings" value={String(ratings.total_ratings)} />
        </dl>
      </section>
    </div>
  );
}

/** A row's two choices while it is being edited or about to be deleted. */
function ConfirmOrCancel(props: {
  label: string;
  kind: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className={`button button--${props.kind} button--small`}
        onClick={props.onConfirm}
      >
        {props.label}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={props.onCancel}>
        Cancel
      </button>
    </>
  );
}

type RowMode =
  | { id: number; mode: 'edit'; email: string; is_admin: boolean; is_active: boolean }
  | { id: number; mode: 'delete' };

function UserManagement({ user }: { user: SessionUser }) {
  const [users, setUsers] = useState<CompanyUser[] | 'loading'>('loading');
  const [toast, showToast] = useToast();
  const [email, setEmail] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [row, setRow] = useState<RowMode | null>(null);

  const load = useCallback(async () => {
    try {
      setUsers(await apiRequest<CompanyUser[]>('/api/v1/users'));
    } catch {
      setUsers([]);
      showToast({ kind: 'error', text: 'Failed to fetch users. Please try again.' });
    }
  }, [showToast]);

  useEffect(() => {
    void load();
  }, [load]);

  async function addUser(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (user.company_id === null) {
      showToast({
        kind: 'error',
        text: 'Unable to determine company ID. Please refresh the page and try again.',
      });
      return;
    }
    try {
      await apiRequest('/api/v1/users', {
        method: 'POST',
        body: JSON.stringify({ email: email.trim(), company_id: user.company_id, is_admin: isAdmin }),
      });
      setEmail('');
      setIsAdmin(false);
      showToast({ kind: 'success', text: 'User created successfully!' });
      await load();
    } catch (error) {
      showToast({
        kind: 'error',
        text: (error instanceof ApiError && error.detail) || 'Failed to create user. Please try again.',
      });
    }
  }

  async function saveRow() {
    if (row?.mode !== 'edit') return;
    try {
      await apiRequest(`/api/v1/users/${row.id}`, {
        method: 'PUT',
        body: JSON.stringify({ email: row.email.trim(), is_admin: row.is_admin, is_active: row.is_active }),
      });
      showToast({ kind: 'success', text: 'User updated successfully!' });
      await load();
    } catch {
      showToast({ kind: 'error', text: 'Failed to update user. Please try again.' });
    }
    setRow(null);
  }

  async function deleteRow(id: number) {
    try {
      await apiRequest(`/api/v1/users/${id}`, { method: 'DELETE' });
      showToast({ kind: 'success', text: 'User deleted successfully!' });
      await load();
    } catch {
      showToast({ kind: 'error', text: 'Failed to delete user. Please try again.' });
    }
    setRow(null);
  }

  return (
    <div>
      <ToastMessage toast={toast} />
      <section className="card">
        <h2>Add New User</h2>
        <form className="inline-form" onSubmit={(event) => void addUser(event)}>
          <label htmlFor="new-user-email" className="visually-hidden">
            Email
          </label>
          <input
            id="new-user-email"
            type="email"
            required
            placeholder="Email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <label className="checkbox">
            <input type="checkbox" checked={isAdmin} onChange={(event) => setIsAdmin(event.target.checked)} />
            Admin
          </label>
          <button type="submit" className="button button--primary">
            Add User
          </button>
        </form>
      </section>
      <section className="card">
        <h2>Manage Users</h2>
        {users === 'loading' ? (
          <p role="status">Loading users...</p>
        ) : users.length === 0 ? (
          <p>No users found.</p>
        ) : (
          <table className="results-table users-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((item) => {
                const current = item.id === user.user_id;
                const editing = row?.id === item.id && row.mode === 'edit' ? row : null;
                const deleting = row?.id === item.id && row.mode === 'delete';
                return (
                  <tr key={item.id}>
                    <td>
                      {editing ? (
                        <input
                          aria-label="Email"
                          value={editing.email}
                          onChange={(event) => setRow({ ...editing, email: event.target.value })}
                        />
                      ) : (
                        item.email
                      )}
                    </td>
                    <td>
                      {editing ? (
                        <select
                          aria-label="Role"
                          value={editing.is_admin ? 'admin' : 'standard'}
                          onChange={(event) =>
                            setRow({ ...editing, is_admin: event.target.value === 'admin' })
                          }
                        >
                          <option value="standard">Standard User</option>
                          <option value="admin">Admin</option>
                        </select>
                      ) : item.is_admin ? (
                        'Admin'
                      ) : (
                        'Standard User'
                      )}
                    </td>
                    <td>
                      {editing ? (
                        <select
                          aria-label="Status"
                          value={editing.is_active ? 'active' : 'inactive'}
                          onChange={(event) =>
                            setRow({ ...editing, is_active: event.target.value === 'active' })
                          }
                        >
                          <option value="active">Active</option>
                          <option value="inactive">Inactive</option>
                        </select>
                      ) : item.is_active ? (
                        'Active'
                      ) : (
                        'Inactive'
                      )}
                    </td>
                    <td className="button-row">
                      {current ? (
                        <span className="muted">Current User</span>
                      ) : editing ? (
                        <ConfirmOrCancel
                          label="Save"
                          kind="primary"
                          onConfirm={() => void saveRow()}
                          onCancel={() => setRow(null)}
                        />
                      ) : deleting ? (
                        <ConfirmOrCancel
                          label="Confirm"
                          kind="danger"
                          onConfirm={() => void deleteRow(item.id)}
                          onCancel={() => setRow(null)}
                        />
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            onClick={() =>
                              setRow({
                                id: item.id,
                                mode: 'edit',
                                email: item.email,
                                is_admin: item.is_admin,
                                is_active: item.is_active,
                              })
                            }
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            onClick={() => setRow({ id: item.id, mode: 'delete' })}
                          >
                            Delete
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

type SettingsTab = 'company' | 'users';
const SETTINGS_TABS: TabDefinition<SettingsTab>[] = [
  { key: 'company', label: 'Company Info' },
  { key: 'users', label: 'User Management' },
];

/** Settings: behind the session (redirects to /login), rendered in the browser. */
export default function SettingsRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [tab, setTab] = useState<SettingsTab>('company');

  useEffect(() => {
    if (hydrated && !user) void navigate('/login', { replace: true });
  }, [hydrated, user, navigate]);

  if (!hydrated || !user) {
    return (
      <section className="page page--narrow centered">
        <p role="status" className="spinner">
          Loading...
        </p>
      </section>
    );
  }
  return (
    <section className="page">
      <h1>Settings</h1>
      <Tabs
        label="Settings"
        tabs={user.is_admin ? SETTINGS_TABS : SETTINGS_TABS.slice(0, 1)}
        selected={user.is_admin ? tab : 'company'}
        onSelect={setTab}
        renderPanel={(key) => (key === 'users' ? <UserManagement user={user} /> : <CompanyInfo />)}
      />
    </section>
  );
}

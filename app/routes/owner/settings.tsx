import { LoadingPage } from '../../components/LoadingPage.tsx';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, redirect, useFetcher, useNavigate } from 'react-router';
import { Tabs, type TabDefinition } from '../../components/Tabs.tsx';
import { ToastMessage } from '../../components/ToastMessage.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { pageTitle } from '../../../core/site.ts';
import { useToast, type Toast } from '../../lib/use-toast.ts';
import { useSession } from '../../lib/use-session.ts';
import { currentSessionUser } from '../../lib/session.ts';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { Loaded } from '../../blocks/types.ts';
import { settle } from '../../lib/settle.ts';
import type { Route } from './+types/settings.ts';
import type { OwnCompany } from '../../../core/contracts/companies.ts';
import type { CompanyUser } from '../../../core/contracts/users.ts';

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

function CompanyInfo({ company }: { company: OwnCompany | null }) {
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
        <p>
          <Link to="/replies">Reply to ratings and risk signals</Link>
        </p>
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

type UserChange = 'create' | 'update' | 'delete';
type UserChangeResult = { change: UserChange; ok: boolean; toast: Toast };

const USER_CHANGE_TEXTS: Record<UserChange, { success: string; failure: string }> = {
  create: { success: 'User created successfully!', failure: 'Failed to create user. Please try again.' },
  update: { success: 'User updated successfully!', failure: 'Failed to update user. Please try again.' },
  delete: { success: 'User deleted successfully!', failure: 'Failed to delete user. Please try again.' },
};

/** The API call of one change to the company's users, from the submitted form fields. */
async function changeUsers(change: UserChange, form: FormData): Promise<void> {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const flag = (name: string) => form.get(name) === 'true';
  if (change === 'create') {
    await api.users.create({
      body: { email: text('email'), company_id: Number(text('company_id')), is_admin: flag('is_admin') },
    });
  } else if (change === 'update') {
    await api.users.update({
      params: { id: Number(text('id')) },
      body: { email: text('email'), is_admin: flag('is_admin'), is_active: flag('is_active') },
    });
  } else {
    await api.users.remove({ params: { id: Number(text('id')) } });
  }
}

const isUserChange = (name: string): name is UserChange => Object.hasOwn(USER_CHANGE_TEXTS, name);

/**
 * User management's changes; the revalidation after each reads the list again. A refused creation
 * shows the server's reason when it gave one.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<UserChangeResult | null> {
  const form = await request.formData();
  const change = String(form.get('intent'));
  if (!isUserChange(change)) return null;
  try {
    await changeUsers(change, form);
    return { change, ok: true, toast: { kind: 'success', text: USER_CHANGE_TEXTS[change].success } };
  } catch (error) {
    const reason = change === 'create' && error instanceof ApiError ? error.detail : null;
    return { change, ok: false, toast: { kind: 'error', text: reason || USER_CHANGE_TEXTS[change].failure } };
  }
}

function UserManagement({ user, users }: { user: SessionUser; users: Loaded<CompanyUser[]> }) {
  const [toast, showToast] = useToast();
  const [email, setEmail] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [row, setRow] = useState<RowMode | null>(null);
  const fetcher = useFetcher<typeof clientAction>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (users.status === 'error')
      showToast({ kind: 'error', text: 'Failed to fetch users. Please try again.' });
  }, [users, showToast]);

  useEffect(() => {
    if (!result) return;
    showToast(result.toast);
    if (result.change === 'create' && result.ok) {
      setEmail('');
      setIsAdmin(false);
    }
    if (result.change !== 'create') setRow(null);
  }, [result, showToast]);

  function addUser(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user.companyId) {
      showToast({
        kind: 'error',
        text: 'Unable to determine company ID. Please refresh the page and try again.',
      });
      return;
    }
    void fetcher.submit(
      { intent: 'create', email, company_id: user.companyId, is_admin: isAdmin },
      { method: 'post' },
    );
  }

  function saveRow() {
    if (row?.mode !== 'edit') return;
    const { id, email: rowEmail, is_admin: rowAdmin, is_active: rowActive } = row;
    void fetcher.submit(
      { intent: 'update', id, email: rowEmail, is_admin: rowAdmin, is_active: rowActive },
      { method: 'post' },
    );
  }

  function deleteRow(id: number) {
    void fetcher.submit({ intent: 'delete', id }, { method: 'post' });
  }

  const list = users.status === 'data' ? users.value : [];
  return (
    <div>
      <ToastMessage toast={toast} />
      <section className="card">
        <h2>Add New User</h2>
        <form className="inline-form" onSubmit={addUser}>
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
        {list.length === 0 ? (
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
              {list.map((item) => {
                const current = item.id === user.userId;
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
                          onConfirm={saveRow}
                          onCancel={() => setRow(null)}
                        />
                      ) : deleting ? (
                        <ConfirmOrCancel
                          label="Confirm"
                          kind="danger"
                          onConfirm={() => deleteRow(item.id)}
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

/**
 * Settings are the session's own data, read in the browser where the token is: visitors without a
 * session go to the login page; an admin also gets the company's users.
 */
export async function clientLoader() {
  const user = currentSessionUser();
  if (!user) throw redirect('/login');
  const [company, users] = await Promise.all([
    api.companies.me().catch(() => null),
    user.isAdmin ? settle(() => api.users.list()) : null,
  ]);
  return { company, users };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPage />;
}

/** Settings: the company's facts, and for an admin the management of its users. */
export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  const { company, users } = loaderData;
  const { user } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<SettingsTab>('company');

  // Logging out (here or in another tab) leaves the page.
  useEffect(() => {
    if (!user) void navigate('/login', { replace: true });
  }, [user, navigate]);

  if (!user) return null;
  const admin = user.isAdmin && users !== null;
  return (
    <section className="page">
      <h1>Settings</h1>
      <Tabs
        label="Settings"
        tabs={admin ? SETTINGS_TABS : SETTINGS_TABS.slice(0, 1)}
        selected={admin ? tab : 'company'}
        onSelect={setTab}
        renderPanel={(key) =>
          key === 'users' && users ? (
            <UserManagement user={user} users={users} />
          ) : (
            <CompanyInfo company={company} />
          )
        }
      />
    </section>
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProfileBlock, ProfileData } from '../../blocks/types';
import { Tabs, type TabDefinition } from '../../components/Tabs';
import { ToastMessage } from '../../components/ToastMessage';
import { ContentBlocksTab } from '../../editor/ContentBlocksTab';
import type { ProfileEditorContext } from '../../editor/editor-context';
import { GridLayoutTab } from '../../editor/GridLayoutTab';
import { StyleEditorTab } from '../../editor/StyleEditorTab';
import { LeavePrompt, useUnsavedChanges } from '../../editor/unsaved-changes';
import { apiRequest } from '../../lib/api-client';
import { dotNumberParam } from '../../lib/company';
import { pageTitle } from '../../../core/site';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../lib/use-session';
import { useToast } from '../../lib/use-toast';
import type { Route } from './+types/profile-edit';

/**
 * The FMCSA panels are public data, so the server loads them for the block previews; the profile
 * itself is loaded in the browser, behind the owner's session (spec: loading and failure states).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const dotNumber = dotNumberParam(params.dotNumber);
  // The owner may add a ratings or capacity block in the editor, so their preview data is always
  // loaded (both are public data: the ratings summary and the public capacity board).
  const page =
    dotNumber > 0
      ? await context.services.profilePage.publicPage(
          dotNumber,
          (error) => context.log.error({ err: error }, 'profile panel failed'),
          { allPanels: true },
        )
      : null;
  return { panels: page?.panels ?? null };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Edit Profile') },
  { name: 'robots', content: 'noindex' },
];

type EditorTab = 'blocks' | 'grid' | 'style';
const EDITOR_TABS: TabDefinition<EditorTab>[] = [
  { key: 'blocks', label: 'Content Blocks' },
  { key: 'grid', label: 'Grid Layout' },
  { key: 'style', label: 'Style Editor' },
];

type ProfileState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; profile: ProfileData };

function CenteredStatus({ children }: { children: React.ReactNode }) {
  return <section className="page page--narrow centered">{children}</section>;
}

/** The profile editor (owner-side section 2.1): only the carrier's own users get past the redirect. */
export default function ProfileEditRoute({ params, loaderData }: Route.ComponentProps) {
  const dotText = params.dotNumber;
  const dotNumber = dotNumberParam(dotText);
  const { user } = useSession();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [tab, setTab] = useState<EditorTab>('blocks');
  const [toast, notify] = useToast();
  const [unsaved, reportUnsaved] = useUnsavedChanges();
  const isOwner = user !== null && dotNumber > 0 && user.dotNumber === String(dotNumber);

  useEffect(() => {
    if (hydrated && !isOwner) void navigate(`/profile/${dotText}`, { replace: true });
  }, [hydrated, isOwner, navigate, dotText]);

  const reload = useCallback(async () => {
    try {
      // The owner's view: hidden blocks too (the server checks the session is of this company).
      const profile = await apiRequest<ProfileData>(
        `/api/v1/companies/profile/${dotNumber}?include_hidden=true`,
      );
      setState({ status: 'ready', profile });
    } catch {
      setState({ status: 'error' });
    }
  }, [dotNumber]);

  useEffect(() => {
    if (isOwner) void reload();
  }, [isOwner, reload]);

  const updateProfile = useCallback((update: (profile: ProfileData) => ProfileData) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', profile: update(current.profile) } : current,
    );
  }, []);
  const updateBlocks = useCallback(
    (update: (blocks: ProfileBlock[]) => ProfileBlock[]) =>
      updateProfile((profile) => ({ ...profile, blocks: update(profile.blocks) })),
    [updateProfile],
  );
  const updateCss = useCallback(
    (css: string) => updateProfile((profile) => ({ ...profile, css })),
    [updateProfile],
  );

  const profile = state.status === 'ready' ? state.profile : null;
  const editor = useMemo<ProfileEditorContext | null>(
    () =>
      profile && loaderData.panels
        ? {
            dotNumber,
            profile,
            panels: loaderData.panels,
            updateBlocks,
            updateCss,
            reload,
            notify,
            reportUnsaved,
          }
        : null,
    [dotNumber, profile, loaderData.panels, updateBlocks, updateCss, reload, notify, reportUnsaved],
  );

  if (!hydrated || !isOwner || state.status === 'loading') {
    return (
      <CenteredStatus>
        <p role="status" className="spinner">
          Loading profile...
        </p>
      </CenteredStatus>
    );
  }
  if (!editor) {
    return (
      <CenteredStatus>
        <h1>Could not load profile</h1>
        <p>Unable to load the profile for editing.</p>
      </CenteredStatus>
    );
  }
  return (
    <section className="page profile-editor">
      <div className="profile-editor__heading">
        <div>
          <h1>Edit Profile</h1>
          <p className="muted">
            {editor.profile.company.name} · USDOT {dotNumber}
          </p>
        </div>
        <Link
          to={`/profile/${dotNumber}`}
          target="_blank"
          rel="noopener"
          className="button button--secondary"
        >
          View Live Profile<span className="visually-hidden"> (opens in a new tab)</span>
        </Link>
      </div>
      <LeavePrompt when={unsaved} />
      <div className="profile-editor__notice" aria-live="polite">
        <ToastMessage toast={toast} />
      </div>
      <Tabs
        label="Profile editor"
        tabs={EDITOR_TABS}
        selected={tab}
        onSelect={setTab}
        keepMounted
        renderPanel={(key) =>
          key === 'blocks' ? (
            <ContentBlocksTab editor={editor} />
          ) : key === 'grid' ? (
            <GridLayoutTab editor={editor} />
          ) : (
            <StyleEditorTab editor={editor} />
          )
        }
      />
    </section>
  );
}

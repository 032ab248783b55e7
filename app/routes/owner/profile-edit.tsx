import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator } from 'react-router';
import type { ProfileBlock, ProfileData } from '../../blocks/types.ts';
import { Tabs, type TabDefinition } from '../../components/Tabs.tsx';
import { ToastMessage } from '../../components/ToastMessage.tsx';
import { ContentBlocksTab } from '../../editor/ContentBlocksTab.tsx';
import { runEditorAction } from '../../editor/editor-actions.ts';
import type { ProfileEditorContext } from '../../editor/editor-context.ts';
import { loadOwnerData, ownsProfile, withOwnerPanels } from '../../editor/editor-data.ts';
import { GridLayoutTab } from '../../editor/GridLayoutTab.tsx';
import { StyleEditorTab } from '../../editor/StyleEditorTab.tsx';
import { LeavePrompt, useUnsavedChanges } from '../../editor/unsaved-changes.tsx';
import { dotNumberParam } from '../../lib/company.ts';
import { pageTitle } from '../../../core/site.ts';
import { currentSessionUser } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { useToast } from '../../lib/use-toast.ts';
import type { Route } from './+types/profile-edit.ts';

/**
 * The block previews' data as the public profile has it, and nothing more: this loader answers
 * anyone who asks for the route's data, so a hidden block's board or comments never leave here
 * (issue 51). The owner's session reads the rest in the browser (clientLoader, withOwnerPanels).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const dotNumber = dotNumberParam(params.dotNumber);
  const page =
    dotNumber > 0
      ? await context.services.profilePage.publicPage(dotNumber, (error) =>
          context.log.error({ err: error }, 'profile panel failed'),
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

function CenteredStatus({ children }: { children: React.ReactNode }) {
  return <section className="page page--narrow centered">{children}</section>;
}

/**
 * The owner's data is read in the browser, where the session token is (app/lib/session.ts): a visitor
 * who is not one of the carrier's users is sent to the public profile before anything is read; the
 * owner's profile is read once, beside the previews from the server's loader (decision 034), whose
 * missing panels are then read with the session.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const dotNumber = dotNumberParam(params.dotNumber);
  if (!ownsProfile(currentSessionUser(), dotNumber)) throw redirect(`/profile/${params.dotNumber}`);
  const [{ panels }, owner] = await Promise.all([serverLoader(), loadOwnerData(dotNumber)]);
  return { dotNumber, panels: panels && (await withOwnerPanels(panels)), ...owner };
}
clientLoader.hydrate = true as const;

/** The editor's changes (app/editor/editor-actions.ts); React Router revalidates the data after each. */
export const clientAction = ({ request }: Route.ClientActionArgs) => runEditorAction(request);

/** Shown from the server's render until the owner's profile is in (spec: a loading state). */
export function HydrateFallback() {
  return (
    <CenteredStatus>
      <p role="status" className="spinner">
        Loading profile...
      </p>
    </CenteredStatus>
  );
}

/** The profile editor (owner-side section 2.1): only the carrier's own users get past the redirect. */
export default function ProfileEditRoute({ params, loaderData }: Route.ComponentProps) {
  const { dotNumber, panels, capacity, customCss } = loaderData;
  const { user } = useSession();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [tab, setTab] = useState<EditorTab>('blocks');
  const [toast, notify] = useToast();
  const [unsaved, reportUnsaved] = useUnsavedChanges();
  const loaded = loaderData.profile.status === 'data' ? loaderData.profile.value : null;
  // Changes the server has accepted are applied here until the next revalidation brings the profile.
  const [profile, setProfile] = useState({ loaded, current: loaded });
  if (profile.loaded !== loaded) setProfile({ loaded, current: loaded });

  // Logging out (here or in another tab) leaves the editor.
  const isOwner = ownsProfile(user, dotNumber);
  useEffect(() => {
    if (!isOwner) void navigate(`/profile/${params.dotNumber}`, { replace: true });
  }, [isOwner, navigate, params.dotNumber]);

  const updateProfile = useCallback((update: (current: ProfileData) => ProfileData) => {
    setProfile((state) => (state.current ? { ...state, current: update(state.current) } : state));
  }, []);
  const updateBlocks = useCallback(
    (update: (blocks: ProfileBlock[]) => ProfileBlock[]) =>
      updateProfile((current) => ({ ...current, blocks: update(current.blocks) })),
    [updateProfile],
  );
  const updateCss = useCallback(
    (css: string) => updateProfile((current) => ({ ...current, css })),
    [updateProfile],
  );

  const current = profile.current;
  const editor = useMemo<ProfileEditorContext | null>(
    () =>
      current && panels
        ? {
            dotNumber,
            profile: current,
            panels,
            capacity,
            customCss,
            updateBlocks,
            updateCss,
            reload: revalidate,
            notify,
            reportUnsaved,
          }
        : null,
    [
      dotNumber,
      current,
      panels,
      capacity,
      customCss,
      updateBlocks,
      updateCss,
      revalidate,
      notify,
      reportUnsaved,
    ],
  );

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

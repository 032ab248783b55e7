import type { ReactNode } from 'react';
import { isBlockType, type BlockType } from '../../core/block-types.ts';
import { AboutUsBlock } from './renderers/AboutUsBlock.tsx';
import { AuthorityInsuranceBlock } from './renderers/AuthorityInsuranceBlock.tsx';
import { CapacityBlock } from './renderers/CapacityBlock.tsx';
import { CargoCarrierBlock } from './renderers/CargoCarrierBlock.tsx';
import { ConnectedCarriersBlock } from './renderers/ConnectedCarriersBlock.tsx';
import { CustomBlock } from './renderers/CustomBlock.tsx';
import { EquipmentPicturesBlock } from './renderers/EquipmentPicturesBlock.tsx';
import { FleetInformationBlock } from './renderers/FleetInformationBlock.tsx';
import { InspectionHeatMapBlock } from './renderers/InspectionHeatMapBlock.tsx';
import { HeaderPictureBlock, ProfilePictureBlock } from './renderers/PictureBlocks.tsx';
import { RatingsBlock } from './renderers/RatingsBlock.tsx';
import { RecordHistoryBlock } from './renderers/RecordHistoryBlock.tsx';
import { SafetyScoreBlock } from './renderers/SafetyScoreBlock.tsx';
import { UnknownBlock } from './renderers/UnknownBlock.tsx';
import type { OwnerView } from './OwnerOnly.tsx';
import type { CarrierPanels, ProfileBlock } from './types.ts';

/** What a renderer gets: the block, the profile's data panels, and whether the viewer owns it. */
interface RendererProps {
  block: ProfileBlock;
  panels: CarrierPanels;
  isOwner: OwnerView;
  preview: boolean;
}

type Renderer = (props: RendererProps) => ReactNode;

/**
 * One renderer per block type. A Record over BlockType, so a type added to core/block-types.ts does
 * not compile until it has a renderer here.
 */
const RENDERERS: Record<BlockType, Renderer> = {
  about_us: ({ block }) => <AboutUsBlock content={block.block_content} />,
  profile_picture: ({ block, preview }) => <ProfilePictureBlock asset={block.assets[0]} preview={preview} />,
  header_picture: ({ block, preview }) => <HeaderPictureBlock asset={block.assets[0]} preview={preview} />,
  equipment_pictures: ({ block }) => <EquipmentPicturesBlock assets={block.assets} />,
  capacity: ({ panels, isOwner }) => <CapacityBlock panels={panels} isOwner={isOwner} />,
  custom: ({ block }) => <CustomBlock html={block.block_content} />,
  safety_score: ({ panels }) => <SafetyScoreBlock panels={panels} />,
  inspection_heatmap: ({ panels }) => <InspectionHeatMapBlock panels={panels} />,
  cargo_carrier: ({ panels }) => <CargoCarrierBlock panels={panels} />,
  fleet_information: ({ panels }) => <FleetInformationBlock panels={panels} />,
  ratings: ({ panels }) => <RatingsBlock panels={panels} />,
  authority_insurance: ({ panels }) => <AuthorityInsuranceBlock panels={panels} />,
  record_history: ({ panels, preview }) => <RecordHistoryBlock panels={panels} preview={preview} />,
  connected_carriers: ({ panels }) => <ConnectedCarriersBlock panels={panels} />,
};

/**
 * A block on the page: its title bar (unless hide_title) and its renderer; a type this version does
 * not know gets UnknownBlock. The editor's previews set `preview`, which hides the hints about
 * adding pictures.
 */
export function BlockView({
  block,
  panels,
  isOwner,
  preview = false,
}: {
  block: ProfileBlock;
  panels: CarrierPanels;
  isOwner: OwnerView;
  preview?: boolean;
}) {
  const body = isBlockType(block.block_type) ? (
    RENDERERS[block.block_type]({ block, panels, isOwner, preview })
  ) : (
    <UnknownBlock block={block} />
  );
  return (
    <section className="profile-block" aria-label={block.hide_title ? block.block_title : undefined}>
      {block.hide_title ? null : <h2 className="profile-block__title">{block.block_title}</h2>}
      <div className="profile-block__body">{body}</div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { AboutUsBlock } from './renderers/AboutUsBlock';
import { CapacityBlock } from './renderers/CapacityBlock';
import { CargoCarrierBlock } from './renderers/CargoCarrierBlock';
import { CustomBlock } from './renderers/CustomBlock';
import { EquipmentPicturesBlock } from './renderers/EquipmentPicturesBlock';
import { FleetInformationBlock } from './renderers/FleetInformationBlock';
import { InspectionHeatMapBlock } from './renderers/InspectionHeatMapBlock';
import { HeaderPictureBlock, ProfilePictureBlock } from './renderers/PictureBlocks';
import { RatingsBlock } from './renderers/RatingsBlock';
import { SafetyScoreBlock } from './renderers/SafetyScoreBlock';
import { UnknownBlock } from './renderers/UnknownBlock';
import type { CarrierPanels, ProfileBlock } from './types';

/**
 * A block on the page: its title bar (unless hide_title) and its renderer. The editor's previews set
 * `preview`, which hides the hints about adding pictures.
 */
export function BlockView({
  block,
  panels,
  isOwner,
  preview = false,
}: {
  block: ProfileBlock;
  panels: CarrierPanels;
  isOwner: boolean;
  preview?: boolean;
}) {
  let body: ReactNode;
  switch (block.block_type) {
    case 'about_us':
      body = <AboutUsBlock content={block.block_content} />;
      break;
    case 'profile_picture':
      body = <ProfilePictureBlock asset={block.assets[0]} preview={preview} />;
      break;
    case 'header_picture':
      body = <HeaderPictureBlock asset={block.assets[0]} preview={preview} />;
      break;
    case 'equipment_pictures':
      body = <EquipmentPicturesBlock assets={block.assets} />;
      break;
    case 'capacity':
      body = <CapacityBlock panels={panels} isOwner={isOwner} />;
      break;
    case 'custom':
      body = <CustomBlock html={block.block_content} />;
      break;
    case 'safety_score':
      body = <SafetyScoreBlock panels={panels} />;
      break;
    case 'inspection_heatmap':
      body = <InspectionHeatMapBlock panels={panels} />;
      break;
    case 'cargo_carrier':
      body = <CargoCarrierBlock panels={panels} />;
      break;
    case 'fleet_information':
      body = <FleetInformationBlock panels={panels} />;
      break;
    case 'ratings':
      body = <RatingsBlock panels={panels} />;
      break;
    default:
      body = <UnknownBlock block={block} />;
  }
  return (
    <section className="profile-block" aria-label={block.hide_title ? block.block_title : undefined}>
      {block.hide_title ? null : <h2 className="profile-block__title">{block.block_title}</h2>}
      <div className="profile-block__body">{body}</div>
    </section>
  );
}

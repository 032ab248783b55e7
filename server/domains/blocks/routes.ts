import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { idParams, parseInput } from '../../../core/input.ts';
import type { RouteOptions } from '../../services.ts';
import { BLOCK_TYPE_NAMES, BLOCK_WIDTHS } from '../../../core/block-types.ts';

const BlockIdParams = idParams('block id');

const BlockFields = z.object({
  block_type: z.enum(BLOCK_TYPE_NAMES),
  block_title: z.string().max(200),
  // Its size limits are in UTF-8 bytes and answer 413: the blocks service checks them.
  block_content: z.string(),
  hide_title: z.boolean(),
  block_width: z.enum(BLOCK_WIDTHS),
  start_new_row: z.boolean(),
  block_position: z.number().int().min(0).max(10_000),
  is_visible: z.boolean(),
});

const CreateBlockBody = BlockFields.partial()
  .extend({ block_type: z.enum(BLOCK_TYPE_NAMES), company_id: z.number().int().positive() })
  .strict();
const UpdateBlockBody = BlockFields.partial().strict();
const ReorderBody = z
  .object({
    blocks: z
      .array(
        z.object({ id: z.number().int().positive(), position: z.number().int().min(0).max(10_000) }).strict(),
      )
      .max(1000),
  })
  .strict();

/** The content blocks API (owner-side section 7). Writes need a session of the block's own company. */
export async function blockRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.post('/content/blocks', { config: { auth: 'session' } }, async (request, reply) => {
    const { session } = request;
    const { company_id: companyId, ...block } = parseInput(CreateBlockBody, request.body);
    if (companyId !== session.companyId)
      throw new DomainError('forbidden', 'You can only add blocks to your own profile');
    return reply.status(201).send(await services.blocks.create(session.companyId, block));
  });

  // Registered before /content/blocks/:id so 'reorder' is never read as an id.
  app.put('/content/blocks/reorder', { config: { auth: 'session' } }, async (request) => {
    const { session } = request;
    const { blocks } = parseInput(ReorderBody, request.body);
    return services.blocks.reorder(session.companyId, blocks);
  });

  app.put('/content/blocks/:id', { config: { auth: 'session' } }, async (request) => {
    const { session } = request;
    const { id } = parseInput(BlockIdParams, request.params);
    return services.blocks.update(session.companyId, id, parseInput(UpdateBlockBody, request.body));
  });

  app.delete('/content/blocks/:id', { config: { auth: 'session' } }, async (request, reply) => {
    const { session } = request;
    const { id } = parseInput(BlockIdParams, request.params);
    await services.blocks.remove(session.companyId, id);
    return reply.status(204).send();
  });
}

// Company user management (public-side "Settings", User Management): admins of the company only.
import { z } from 'zod';
import { emailAddress, idParams } from '../input.ts';
import { NoContent, route } from './route.ts';

export const CompanyUser = z.object({
  id: z.number(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  company_id: z.number(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

const UserIdParams = idParams('user id');
export const CreateUserBody = z.object({
  email: emailAddress,
  company_id: z.number().int().positive(),
  is_admin: z.boolean().default(false),
});
export const UpdateUserBody = z
  .object({
    email: emailAddress.optional(),
    is_admin: z.boolean().optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type UserChanges = z.infer<typeof UpdateUserBody>;

export const userContracts = {
  list: route('GET', 'api', '/users', {}, { 200: z.array(CompanyUser) }),
  create: route('POST', 'api', '/users', { body: CreateUserBody }, { 201: CompanyUser }),
  update: route(
    'PUT',
    'api',
    '/users/:id',
    { params: UserIdParams, body: UpdateUserBody },
    { 200: CompanyUser },
  ),
  remove: route('DELETE', 'api', '/users/:id', { params: UserIdParams }, { 204: NoContent }),
};

/** Who acts through an admin request, for the audit log: the credential, through this request, from this address. */
import type { Actor } from '../../../domain/shared/audit-event.js';

export function actorOf(request: { admin: { readonly id: string; readonly name: string } | null; id: string; ip: string }): Actor {
  if (!request.admin) throw new Error('An admin route ran without an admin credential');
  return { id: request.admin.id, name: request.admin.name, requestId: request.id, ip: request.ip };
}

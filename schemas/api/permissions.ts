import * as v from 'valibot';

export const PermissionSchema = v.object({
  username: v.pipe(v.string(), v.minLength(1, 'username is required'), v.maxLength(200)),
  mrId: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  mrName: v.optional(v.string()),
  role: v.pipe(v.string(), v.minLength(1, 'role is required')),
  $action: v.optional(v.picklist(['NEW', 'DELETED'])),
});
export type Permission = v.InferOutput<typeof PermissionSchema>;

export const PermissionDataSchema = v.object({
  roles: v.array(v.string()),
  users: v.array(v.string()),
  permissions: v.array(PermissionSchema),
});
export type PermissionData = v.InferOutput<typeof PermissionDataSchema>;

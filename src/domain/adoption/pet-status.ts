/** The availability of an animal: the one list every type, schema and filter derives from. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export type PetStatus = (typeof PET_STATUSES)[number];

export const DEFAULT_PET_STATUS: PetStatus = 'available';

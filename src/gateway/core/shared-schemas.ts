import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../../domain/core/email';

/** Building blocks shared by the service schemas. */
export const Id = v.pipe(v.number(), v.integer(), v.minValue(0));
/** Category ids: -1 is Generic, so they may be negative. */
export const CategoryId = v.pipe(v.number(), v.integer(), v.minValue(-1));
export const IdList = v.array(Id);
export const IsoDateTime = v.pipe(v.string(), v.isoTimestamp());
export const OptionalText = v.nullish(v.string());
export const PostalCode = v.pipe(v.string(), v.regex(/^\d{5}$/));
/** An e-mail address by the same rule the forms use (domain/email), trimmed, ≤ 254. */
export const EmailAddress = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(EMAIL_MAX_LENGTH),
  v.check((value: string) => isValidEmail(value)),
);
export const ServiceProviderType = v.picklist(['AL', 'HA']);
export type ServiceProviderType = v.InferOutput<typeof ServiceProviderType>;

/** Category {id, name, parentCategory}. */
export const CategoryRefSchema = v.object({ id: CategoryId, name: v.string() });

/** Taxonomy category {categoryId, name, parentCategory {categoryId}}. */
export const TaxonomyCategorySchema = v.object({
  categoryId: CategoryId,
  name: v.string(),
  parentCategory: v.nullish(v.object({ categoryId: CategoryId })),
});
export type TaxonomyCategory = v.InferOutput<typeof TaxonomyCategorySchema>;

/** Category with review count, as providers list them. */
export const ProviderCategorySchema = v.object({
  categoryId: CategoryId,
  categoryName: v.string(),
  overallReviewCount: v.nullish(v.pipe(v.number(), v.integer()), 0),
  parentCategory: v.nullish(v.object({ categoryId: CategoryId })),
});
export type ProviderCategory = v.InferOutput<typeof ProviderCategorySchema>;

/**
 * The answer of a write whose answer leadkit does not read (docs/gateway-assumptions.md, "Answers
 * read"): any 2xx is success — `204`, an empty body, `{}` or any JSON — and nothing of it is kept
 * (`undefined`), so no caller can come to depend on a shape the spec does not give.
 */
export const UnreadAnswer = v.pipe(
  v.unknown(),
  v.transform((): void => undefined),
);

/** A text a strict gateway may send as `null` or leave out: read as null. */
export const NullableText = v.nullish(v.string(), null);

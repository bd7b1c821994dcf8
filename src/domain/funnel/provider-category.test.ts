import { describe, expect, it } from 'vitest';
import { EMPTY_FUNNEL_FORM } from './form';
import { applyProviderCategory, chooseProviderCategory } from './provider-category';

const categories = [
  { categoryId: 100, categoryName: 'Plumbing', overallReviewCount: 40 },
  { categoryId: 10003, categoryName: 'Drain Cleaning', overallReviewCount: 95 },
  { categoryId: 101, categoryName: 'Heating & A/C', overallReviewCount: 95 },
  { categoryId: 102, categoryName: 'Electrical' },
];

describe('provider category choice', () => {
  it('keeps the form’s category when the provider offers it', () => {
    expect(chooseProviderCategory({ formCategoryId: 100, queryCategoryId: 101 }, categories)?.categoryId).toBe(100);
  });

  it('uses the query’s category when the form has none and the provider offers it', () => {
    expect(chooseProviderCategory({ formCategoryId: null, queryCategoryId: 101 }, categories)?.categoryId).toBe(101);
  });

  it('otherwise takes the provider category with the highest overallReviewCount (first listed on a tie)', () => {
    expect(chooseProviderCategory({ formCategoryId: 500, queryCategoryId: 101 }, categories)?.categoryId).toBe(10003);
    expect(chooseProviderCategory({ formCategoryId: null, queryCategoryId: null }, categories)?.categoryId).toBe(10003);
    expect(
      chooseProviderCategory({ formCategoryId: null, queryCategoryId: 999 }, [categories[3]!, { categoryId: 5, categoryName: 'x', overallReviewCount: 0 }])
        ?.categoryId,
    ).toBe(102);
  });

  it('a provider without categories leaves the choice alone', () => {
    expect(chooseProviderCategory({ formCategoryId: 100, queryCategoryId: null }, [])).toBeNull();
    const form = { ...EMPTY_FUNNEL_FORM, categoryId: 100, taskCategoryId: 10003 };
    expect(applyProviderCategory(form, null)).toBe(form);
  });

  it('applying a different category clears the task category; the same one keeps it', () => {
    const form = { ...EMPTY_FUNNEL_FORM, categoryId: 100, categoryName: null, taskCategoryId: 10003, taskCategoryName: 'Drain Cleaning' };
    expect(applyProviderCategory(form, categories[0]!)).toMatchObject({
      categoryId: 100,
      categoryName: 'Plumbing',
      taskCategoryId: 10003,
      taskCategoryName: 'Drain Cleaning',
    });
    expect(applyProviderCategory(form, categories[2]!)).toMatchObject({
      categoryId: 101,
      categoryName: 'Heating & A/C',
      taskCategoryId: null,
      taskCategoryName: null,
    });
  });
});

/** The product's name, shown in titles, the header and e-mails. */
export const PRODUCT_NAME = 'CarrierPage';

/** A document title: the page's own title, then the product name. */
export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

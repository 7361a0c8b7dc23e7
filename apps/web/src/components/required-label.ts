/**
 * Label props of a required field: the asterisk is drawn by CSS (.attend-required in app/styles.css)
 * so the label text, and the accessible name, is exactly the field's name.
 */
export const requiredLabelProps = { className: 'attend-required' };

/** Props of a required input: required for assistive technology, the asterisk drawn by CSS. */
export const requiredFieldProps = {
  required: true,
  withAsterisk: false,
  labelProps: requiredLabelProps,
} as const;

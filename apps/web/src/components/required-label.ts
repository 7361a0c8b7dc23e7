/**
 * Label props of a required field: the asterisk is drawn by CSS (.attend-required in app/styles.css)
 * so the label text, and the accessible name, is exactly the field's name.
 */
export const requiredLabelProps = { className: 'attend-required' };

import { useParams } from 'react-router';

/** A positive whole-number route parameter, or null (the page then shows "not found"). */
export function useIdParam(name: string): number | null {
  const value = useParams()[name];
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}

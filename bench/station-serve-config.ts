// Shared by bench:station and its server: the door's staff account.
export const STATION_STAFF = { username: 'bench', password: 'bench-password-1' };

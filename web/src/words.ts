/** Words for counts: "1 API", "2 APIs", "0 APIs" (English plural by -s unless told otherwise). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

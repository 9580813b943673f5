/** One line of the benchmark's verdicts: a target met or not, with its figures. */
export const verdict = (met: boolean, text: string): string => `- ${met ? 'met' : 'NOT MET'}: ${text}`

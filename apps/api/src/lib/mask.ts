/** 139****5601 */
export const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null);
/** 110105********0020 */
export const maskIdCard = (id: string | null) => (id ? `${id.slice(0, 6)}********${id.slice(-4)}` : null);

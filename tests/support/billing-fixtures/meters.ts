export const meterQuantitiesWire = () => ({
  quantities: [
    { timestamp: '2026-03-01T00:00:00Z', quantity: 120 },
    { timestamp: '2026-03-02T00:00:00Z', quantity: 42.5 },
  ],
  total: 162.5,
});

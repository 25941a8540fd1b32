/** `/state-diagrams?machine=vendor-status&state=vendorStatus.approved`: a shared link opens the same diagram, the state marked. */
export const diagramHref = (machineId: string, stateId?: string) =>
  `/state-diagrams?${new URLSearchParams({ machine: machineId, ...(stateId ? { state: stateId } : {}) }).toString()}`

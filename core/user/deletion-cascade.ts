/**
 * What deleting a user removes besides the user: each resource that a user owns
 * (events, connections, devices, provider tokens...) plugs a step in here. Steps
 * must be idempotent: a delete interrupted half-way is completed by a retry.
 */
export type CascadeStep = (accountId: string, userId: string) => Promise<void>

export class UserDeletionCascade {
  private readonly steps: { readonly name: string; readonly run: CascadeStep }[] = []

  register(name: string, run: CascadeStep): void {
    this.steps.push({ name, run })
  }

  get stepNames(): readonly string[] {
    return this.steps.map((step) => step.name)
  }

  async run(accountId: string, userId: string): Promise<void> {
    for (const step of this.steps) await step.run(accountId, userId)
  }
}

/// Placeholder until the demo story lands.
public enum DemoStory {}

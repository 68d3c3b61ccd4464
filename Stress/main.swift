print("stress: coming soon")

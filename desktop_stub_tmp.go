package main

func runDesktop(args []string) int { return 0 }

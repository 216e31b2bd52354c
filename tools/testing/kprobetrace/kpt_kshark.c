// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_kshark: a trace.dat as KernelShark loads it
 *
 * Opens the file with libkshark (Debian libkshark-dev, the library the
 * KernelShark GUI loads its data with) and prints, for every entry of
 * the kpt event group, what the GUI's event list shows: the event name,
 * the task, the info column and the event's field names.  Time stamps,
 * CPUs and pids are left out: they differ from run to run.
 * harness/clients.sh compares the output for stock's and ours' trace.dat.
 *
 *   kpt_kshark FILE.dat
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kernelshark/libkshark.h>

/* The event's field names, comma-separated, as the GUI lists them */
static void print_fields(const struct kshark_entry *entry)
{
	char **names = NULL;
	int i, n = kshark_get_all_event_field_names(entry, &names);

	printf("  fields:");
	for (i = 0; i < n; i++) {
		printf("%s%s", i ? "," : " ", names[i]);
		free(names[i]);
	}
	printf("\n");
	free(names);
}

static void print_entry(const struct kshark_entry *entry)
{
	char *event = kshark_get_event_name(entry);
	char *task = kshark_get_task(entry);
	char *info = kshark_get_info(entry);

	if (event && !strncmp(event, "kpt/", 4)) {
		printf("%s %s: %s\n", task ? task : "?", event, info ? info : "");
		print_fields(entry);
	}
	free(event);
	free(task);
	free(info);
}

int main(int argc, char **argv)
{
	struct kshark_context *ctx = NULL;
	struct kshark_entry **entries = NULL;
	ssize_t i, n;
	int sd;

	if (argc != 2) {
		fprintf(stderr, "usage: kpt_kshark FILE.dat\n");
		return 2;
	}
	if (!kshark_instance(&ctx))
		return 1;
	sd = kshark_open(ctx, argv[1]);
	if (sd < 0) {
		fprintf(stderr, "kpt_kshark: cannot open %s\n", argv[1]);
		return 1;
	}
	n = kshark_load_entries(ctx, sd, &entries);
	printf("%zd entries\n", n);
	for (i = 0; i < n; i++) {
		print_entry(entries[i]);
		free(entries[i]);
	}
	free(entries);
	kshark_close(ctx, sd);
	kshark_free(ctx);
	return n < 0;
}

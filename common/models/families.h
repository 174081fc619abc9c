/* The registry: the one list of puzzle families, in the order godtab-gen
 * builds them and the programs list them. Adding a puzzle: its folder under
 * common/models/ exporting `const gt_family gt_NAME_family`, and one line
 * here. A layer of its own (tests/check_layers.sh): it includes nothing,
 * and only common/catalog/catalog.c includes it (an X-macro of GT_FAMILY). */
GT_FAMILY(pocket)
GT_FAMILY(taquin)
GT_FAMILY(cube3)
GT_FAMILY(floppy)
GT_FAMILY(nnn)
